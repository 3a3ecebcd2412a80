import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { EmptyState, Spinner } from '../../components/ui/primitives.tsx';
import { ProjectMediaList } from '../../features/media/components/project-media-list.tsx';
import { useProject } from '../../features/projects/api/get-project.ts';
import { projectHasProof, useProjectProof } from '../../lib/project-proof.ts';
import { PageFrame } from '../shell/page-frame.tsx';

/** A project's media (projects) on one map (media), each marked with its proof once the ad runs. */
export default function MediaListPage() {
  const { t } = useTranslation(['mediaDetail', 'common']);
  const { id } = useParams();
  const project = useProject(Number(id));
  const proof = useProjectProof(Number(id), { enabled: project.data !== undefined && projectHasProof(project.data.status) });
  return (
    <PageFrame title={t('list.title')}>
      {project.isPending && project.fetchStatus !== 'idle' ? (
        <Spinner label={t('common:loading')} />
      ) : project.data ? (
        <ProjectMediaList media={project.data.media} proof={projectHasProof(project.data.status) ? proof.data : undefined} />
      ) : (
        <EmptyState message={t('list.empty')} />
      )}
    </PageFrame>
  );
}
