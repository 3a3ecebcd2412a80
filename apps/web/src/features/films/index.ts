/**
 * Films (docs/product.md#films): the list, the card, the player and the form, placed by the /film
 * pages, Home's Films tab, the artist page's Films tab, the project page and My page.
 */
export { FilmFeed } from './components/film-feed.tsx';
export { FilmCard, FilmPoster } from './components/film-card.tsx';
export { FilmPlayer } from './components/film-player.tsx';
export { FilmForm } from './components/film-form.tsx';
export { useFilm } from './api/get-films.ts';
export { DeleteFilmButton } from './components/delete-film-button.tsx';
export { ProjectFilms } from './components/project-films.tsx';
