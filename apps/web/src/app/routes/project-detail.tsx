import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { EmptyState, Spinner } from '../../components/ui/primitives.tsx';
import { RetryNotice } from '../../components/ui/retry-notice.tsx';
import { CommentSummary, LikeButton, ReportButton } from '../../features/community/index.ts';
import { ProjectFilms } from '../../features/films/index.ts';
import { useMe } from '../../features/auth/api/get-me.ts';
import { useBalances } from '../../features/points/api/get-balances.ts';
import { useProject } from '../../features/projects/api/get-project.ts';
import { ProjectPage } from '../../features/projects/components/detail/project-page.tsx';
import { ApiError } from '../../lib/http.ts';
import { isSignedIn, useUserInfoStore } from '../../lib/stores/user-info.ts';
import { PageFrame } from '../shell/page-frame.tsx';

/** docs/product.md#screens (Project detail). */
export default function ProjectDetailPage() {
  const { t } = useTranslation(['projectDetail', 'common']);
  const { id = '' } = useParams();
  const project = useProject(Number(id));
  const signedIn = useUserInfoStore(isSignedIn);
  const balances = useBalances({ enabled: signedIn });
  const me = useMe({ enabled: signedIn });
  const missing = !Number.isSafeInteger(Number(id)) || (project.error instanceof ApiError && project.error.status >= 400 && project.error.status < 500);
  return (
    <PageFrame title={t('projectDetail:title')}>
      {missing ? (
        <EmptyState message={t('projectDetail:notFound')} />
      ) : project.data ? (
        <ProjectPage
          project={project.data}
          slots={{
            actions: (
              <>
                <LikeButton project={project.data} />
                <ReportButton target={{ type: 'project', id: project.data.id }} />
              </>
            ),
            comments: (
              <>
                <ProjectFilms projectId={project.data.id} />
                <CommentSummary projectId={project.data.id} count={project.data.commentCount} />
              </>
            ),
            balances: balances.data ? { orange: balances.data.orange.total, berry: balances.data.berry.total } : undefined,
            viewerIsOperator: me.data?.roles.includes('operator') ?? false,
          }}
        />
      ) : project.isError ? (
        <RetryNotice title={t('common:connection.title')} message={t('common:connection.message')} retryLabel={t('common:actions.retry')} onRetry={() => void project.refetch()} retrying={project.isFetching} />
      ) : (
        <Spinner label={t('common:loading')} />
      )}
    </PageFrame>
  );
}
