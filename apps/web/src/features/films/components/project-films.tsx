import { useTranslation } from 'react-i18next';
import { useFilms } from '../api/get-films.ts';
import { FilmCard } from './film-card.tsx';
import './films.css';

/** "Films from this ad" on a project's page (docs/product.md#films): fans' films linked to it, newest first; nothing until there is one. */
export function ProjectFilms({ projectId }: { projectId: number }) {
  const { t } = useTranslation('film');
  const films = useFilms({ projectId, limit: 6 });
  const items = films.data?.pages.flatMap((page) => page.items) ?? [];
  if (items.length === 0) return null;
  return (
    <section className="stack" aria-labelledby="project-films-title">
      <h2 id="project-films-title" className="section-title">
        {t('project.title')}
      </h2>
      <ul className="film-feed">
        {items.map((film) => (
          <li key={film.id} className="film-feed__item">
            <FilmCard film={film} />
          </li>
        ))}
      </ul>
    </section>
  );
}
