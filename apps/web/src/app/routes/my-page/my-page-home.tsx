import { useTranslation } from 'react-i18next';
import { PointsOwned } from '../../../features/points/components/points-owned.tsx';
import { MyPageHome } from '../../../features/users/components/my-page-home.tsx';
import { PageFrame } from '../../shell/page-frame.tsx';

export default function MyPageHomePage() {
  const { t } = useTranslation('myPage');
  return (
    <PageFrame title={t('home.title')} withBack={false}>
      <MyPageHome pointsOwned={<PointsOwned />} />
    </PageFrame>
  );
}
