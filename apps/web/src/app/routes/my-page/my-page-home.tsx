import { useTranslation } from 'react-i18next';
import { useMe } from '../../../features/auth/api/get-me.ts';
import { PointsOwned } from '../../../features/points/components/points-owned.tsx';
import { MyPageHome } from '../../../features/users/components/my-page-home.tsx';
import { PageFrame } from '../../shell/page-frame.tsx';

export default function MyPageHomePage() {
  const { t } = useTranslation('myPage');
  // Only operators see the way to the console (decision 053); the server checks the role anyway.
  const isOperator = useMe().data?.roles.includes('operator') ?? false;
  return (
    <PageFrame title={t('home.title')} withBack={false}>
      <MyPageHome pointsOwned={<PointsOwned />} showOperatorConsole={isOperator} />
    </PageFrame>
  );
}
