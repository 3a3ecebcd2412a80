import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { EmptyState, Spinner } from '../../components/ui/primitives.tsx';
import { ProjectMediaList } from '../../features/media/components/project-media-list.tsx';
import { useProject } from '../../features/projects/api/get-project.ts';
import { PageFrame } from '../shell/page-frame.tsx';

/** A project's media (projects) on one map (media). */
export default function MediaListPage() {
  const { t } = useTranslation(['mediaDetail', 'common']);
  const { id } = useParams();
  const project = useProject(Number(id));
  return (
    <PageFrame title={t('list.title')}>
      {project.isPending && project.fetchStatus !== 'idle' ? (
        <Spinner label={t('common:loading')} />
      ) : project.data ? (
        <ProjectMediaList media={project.data.media} />
      ) : (
        <EmptyState message={t('list.empty')} />
      )}
    </PageFrame>
  );
}
