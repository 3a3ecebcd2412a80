import { lazy, Suspense } from 'react';
import { Navigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../components/ui/primitives.tsx';
import { useMe } from '../../features/auth/api/get-me.ts';
import { isOpsSection } from '../../features/operator/sections.ts';
import { paths } from '../../lib/paths.ts';
import NotFoundPage from './not-found.tsx';
import { PageFrame } from '../shell/page-frame.tsx';

// The console's code is fetched only once the signed-in user is known to be an operator.
const OpsConsole = lazy(() => import('../../features/operator/components/ops-console.tsx'));
// The reports queue (community) is the console's reports section.
// The event form (projects with the catalogue) comes with its route-level composition.
const OpsEventCreator = lazy(() => import('./ops-event.tsx'));
const ReportsQueue = lazy(() => import('../../features/community/components/reports-queue.tsx').then((module) => ({ default: module.ReportsQueue })));

// The inquiries inbox and the FAQ editor (support) are the console's inquiries and faq sections.
const InquiryInbox = lazy(() => import('../../features/support/components/inquiry-inbox.tsx').then((module) => ({ default: module.InquiryInbox })));
const FaqEditor = lazy(() => import('../../features/support/components/faq-editor.tsx').then((module) => ({ default: module.FaqEditor })));

const renderEvents = () => <OpsEventCreator />;
const renderReports = () => <ReportsQueue />;
const renderInquiries = () => <InquiryInbox />;
const renderFaq = () => <FaqEditor />;

/**
 * The operator console at /ops/{section} (/ops opens the requests); anyone without the operator
 * role gets the not-found page, as does an unknown section (decision 053).
 */
export default function OpsPage() {
  const { t } = useTranslation(['operator', 'common']);
  const { section } = useParams();
  const me = useMe();
  if (me.isPending) return <Spinner label={t('common:authChecking')} />;
  if (!me.data?.roles.includes('operator')) return <NotFoundPage />;
  if (section === undefined) return <Navigate to={paths.opsSection('requests')} replace />;
  if (!isOpsSection(section)) return <NotFoundPage />;
  return (
    <PageFrame title={t('title')}>
      <Suspense fallback={<Spinner label={t('common:loading')} />}>
        <OpsConsole section={section} renderEvents={renderEvents} renderReports={renderReports} renderInquiries={renderInquiries} renderFaq={renderFaq} />
      </Suspense>
    </PageFrame>
  );
}
