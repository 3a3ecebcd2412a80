import { useTranslation } from 'react-i18next';
import { useMe } from '../../../features/auth/api/get-me.ts';
import { InquiryForm } from '../../../features/support/components/inquiry-form.tsx';
import { PageFrame } from '../../shell/page-frame.tsx';

/** docs/product.md#inquiries: the 1:1 inquiry form. */
export default function InquiryPage() {
  const { t } = useTranslation('support');
  const me = useMe();
  return (
    <PageFrame title={t('form.pageTitle')}>
      <InquiryForm accountNickname={me.data?.nickname ?? null} />
    </PageFrame>
  );
}
