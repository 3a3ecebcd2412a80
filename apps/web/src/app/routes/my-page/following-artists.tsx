import { useTranslation } from 'react-i18next';
import { FollowingArtistsManager } from '../../../features/artists/components/following-artists-manager.tsx';
import { PageFrame } from '../../shell/page-frame.tsx';

export default function FollowingArtistsPage() {
  const { t } = useTranslation('artist');
  return (
    <PageFrame title={t('following.title')}>
      <FollowingArtistsManager />
    </PageFrame>
  );
}
