import { useTranslation } from 'react-i18next';
import { InquiryForm } from '../../../features/support/components/inquiry-form.tsx';
import { useUserProfile } from '../../../features/users/api/get-user-profile.ts';
import { PageFrame } from '../../shell/page-frame.tsx';

/** docs/product.md#inquiries: the 1:1 inquiry form, starting with the account's nickname and email. */
export default function InquiryPage() {
  const { t } = useTranslation('support');
  const profile = useUserProfile();
  return (
    <PageFrame title={t('form.pageTitle')}>
      <InquiryForm accountNickname={profile.data?.nickname ?? null} accountEmail={profile.data?.email ?? null} />
    </PageFrame>
  );
}
