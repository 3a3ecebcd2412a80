import { useTranslation } from 'react-i18next';
import { artistName } from '../../../features/artists/artist-name.ts';
import { useMyProjectArtists } from '../../../features/projects/api/get-my-project-artists.ts';
import { MyProjectList } from '../../../features/projects/components/my-projects/my-project-list.tsx';
import { intlLocaleOf } from '../../../lib/locale.ts';
import { useLanguageAndCurrencyStore } from '../../../lib/stores/language-and-currency.ts';
import { PageFrame } from '../../shell/page-frame.tsx';

/** My projects, filtered by any artist the user has a project with (requested, created, joined or liked). */
export default function MyProjectListPage() {
  const { t } = useTranslation('myPage');
  const language = useLanguageAndCurrencyStore((state) => state.language);
  const mine = useMyProjectArtists();
  const collator = new Intl.Collator(intlLocaleOf[language]);
  const artists = (mine.data?.items ?? []).map((artist) => ({ id: artist.id, name: artistName(artist, language) })).sort((a, b) => collator.compare(a.name, b.name));
  return (
    <PageFrame title={t('projects.title')}>
      <MyProjectList artists={artists} />
    </PageFrame>
  );
}
