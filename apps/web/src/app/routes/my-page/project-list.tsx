import { useTranslation } from 'react-i18next';
import { artistName } from '../../../features/artists/artist-name.ts';
import { useFollowingArtists } from '../../../features/users/api/get-following-artists.ts';
import { MyProjectList } from '../../../features/projects/components/my-project-list.tsx';
import { useLanguageAndCurrencyStore } from '../../../lib/stores/language-and-currency.ts';
import { PageFrame } from '../../shell/page-frame.tsx';

/** My projects (projects), filtered by the artists the user follows (artists). */
export default function MyProjectListPage() {
  const { t } = useTranslation('myPage');
  const language = useLanguageAndCurrencyStore((state) => state.language);
  const following = useFollowingArtists();
  const artists = (following.data?.items ?? []).map((artist) => ({ id: artist.id, name: artistName(artist, language) }));
  return (
    <PageFrame title={t('projects.title')}>
      <MyProjectList artists={artists} />
    </PageFrame>
  );
}
