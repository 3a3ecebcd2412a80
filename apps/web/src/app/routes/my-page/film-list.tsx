import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { DeleteFilmButton, FilmFeed } from '../../../features/films/index.ts';
import { paths } from '../../../lib/paths.ts';
import { PageFrame } from '../../shell/page-frame.tsx';

/** My page, posted films (docs/product.md#films): the fan's own films, newest first, each with delete. */
export default function MyFilmListPage() {
  const { t } = useTranslation(['myPage', 'film']);
  return (
    <PageFrame title={t('myPage:films.title')}>
      <FilmFeed
        params={{ mine: true }}
        emptyMessage={t('film:create.emptyMine')}
        emptyAction={
          <Link to={paths.createFilm} className="button button--secondary">
            {t('film:create.cta')}
          </Link>
        }
        renderActions={(film) => <DeleteFilmButton film={film} />}
      />
    </PageFrame>
  );
}
