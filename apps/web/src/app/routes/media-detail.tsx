import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { MediumDetailView } from '../../features/media/components/medium-detail.tsx';
import { PageFrame } from '../shell/page-frame.tsx';

export default function MediaDetailPage() {
  const { t } = useTranslation('mediaDetail');
  const { id } = useParams();
  return (
    <PageFrame title={t('detail.title')}>
      <MediumDetailView mediaId={Number(id)} />
    </PageFrame>
  );
}
