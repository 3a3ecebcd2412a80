import { useTranslation } from 'react-i18next';
import { FaqBrowser } from '../../../features/support/components/faq-browser.tsx';
import { PageFrame } from '../../shell/page-frame.tsx';

/** docs/product.md#faq: category → question → answer, then "additional inquiry"; the fan's inquiries below. */
export default function CustomerSupportPage() {
  const { t } = useTranslation('support');
  return (
    <PageFrame title={t('title')}>
      <FaqBrowser />
    </PageFrame>
  );
}
