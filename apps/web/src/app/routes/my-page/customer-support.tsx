import { Link } from 'react-router';
import { paths } from '../../paths.ts';
import { useTranslation } from 'react-i18next';
import { ChevronRightIcon } from '../../../components/ui/icons.tsx';
import { PageFrame } from '../../shell/page-frame.tsx';

/** docs/product.md#screens, FAQC001–005: the support categories. */
const supportCategories = ['FAQC001', 'FAQC002', 'FAQC003', 'FAQC004', 'FAQC005'] as const;

export default function CustomerSupportPage() {
  const { t } = useTranslation('myPage');
  return (
    <PageFrame title={t('support.title')}>
      <p className="page-lead">{t('support.lead')}</p>
      <ul className="menu-list" aria-label={t('support.categoriesLabel')}>
        {supportCategories.map((code) => (
          <li key={code} className="menu-list__item menu-list__item--static">
            <span className="menu-list__label">{t(`support.categories.${code}`)}</span>
          </li>
        ))}
      </ul>
      <Link to={paths.inquiry} className="button button--secondary button--block">
        <span>{t('support.additionalInquiry')}</span>
        <ChevronRightIcon width={18} height={18} />
      </Link>
    </PageFrame>
  );
}
