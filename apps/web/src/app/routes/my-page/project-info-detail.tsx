import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ProjectStatusDetail } from '../../../features/projects/components/my-projects/project-status-detail.tsx';
import { PageFrame } from '../../shell/page-frame.tsx';

export default function ProjectInfoDetailPage() {
  const { t } = useTranslation('myPage');
  const { id } = useParams();
  return (
    <PageFrame title={t('projectStatus.title')}>
      <ProjectStatusDetail projectId={Number(id)} />
    </PageFrame>
  );
}
