import { useTranslation } from 'react-i18next';
import { ArtistList } from '../../features/artists/components/artist-list.tsx';
import { PageFrame } from '../shell/page-frame.tsx';

export default function ArtistListPage() {
  const { t } = useTranslation('artist');
  return (
    <PageFrame title={t('list.title')} withBack={false}>
      <ArtistList />
    </PageFrame>
  );
}
