import { useTranslation } from 'react-i18next';
import { PageFrame } from '../../shell/page-frame.tsx';

export default function InquiryPage() {
  const { t } = useTranslation('myPage');
  return (
    <PageFrame title={t('inquiry.title')}>
      <p className="page-lead">{t('inquiry.lead')}</p>
      <ul className="bullet-list">
        <li>{t('inquiry.limits')}</li>
        <li>{t('inquiry.replyTime')}</li>
      </ul>
    </PageFrame>
  );
}
