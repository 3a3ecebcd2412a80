import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useBalances } from '../../features/points/api/get-balances.ts';
import { CreateFlow } from '../../features/projects/components/creation/create-flow.tsx';
import { useBottomBarHidden } from '../../lib/stores/use-bottom-bar-hidden.ts';
import { PageFrame } from '../shell/page-frame.tsx';

/** The creation flow (projects) with the creator's Orange balance (points) for the deposit. */
export default function CreateProjectPage() {
  const { t } = useTranslation('createProject');
  useBottomBarHidden();
  const { id } = useParams();
  const balances = useBalances();
  return (
    <PageFrame title={t('title')}>
      <CreateFlow projectId={Number(id)} slots={{ orangeAvailable: balances.data?.orange.total }} />
    </PageFrame>
  );
}
