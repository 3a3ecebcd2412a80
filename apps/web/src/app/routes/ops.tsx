import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../components/ui/primitives.tsx';
import { useMe } from '../../features/auth/api/get-me.ts';
import NotFoundPage from './not-found.tsx';
import { PageFrame } from '../shell/page-frame.tsx';

// The console's code is fetched only once the signed-in user is known to be an operator.
const OpsConsole = lazy(() => import('../../features/operator/components/ops-console.tsx'));
// The reports queue (community) sits under the console's queues.
// The event form (projects with the catalogue) comes with its route-level composition.
const OpsEventCreator = lazy(() => import('./ops-event.tsx'));
const ReportsQueue = lazy(() => import('../../features/community/components/reports-queue.tsx').then((module) => ({ default: module.ReportsQueue })));

/** The operator console at /ops; anyone without the operator role gets the not-found page. */
export default function OpsPage() {
  const { t } = useTranslation(['operator', 'common']);
  const me = useMe();
  if (me.isPending) return <Spinner label={t('common:authChecking')} />;
  if (!me.data?.roles.includes('operator')) return <NotFoundPage />;
  return (
    <PageFrame title={t('title')}>
      <Suspense fallback={<Spinner label={t('common:loading')} />}>
        <div className="stack">
          <OpsConsole />
          <OpsEventCreator />
          <ReportsQueue />
        </div>
      </Suspense>
    </PageFrame>
  );
}
