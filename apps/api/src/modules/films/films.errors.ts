import { AppError, badRequest, forbidden, notFound, unprocessable } from '../../lib/errors.ts';

/** A deleted film, and a hidden one to anyone but an operator, answers like a missing one. */
export const filmNotFound = () => notFound('films.not_found', 'There is no such film.');
export const notFilmAuthor = () => forbidden('films.not_author', 'Only the film\u2019s author or an operator may delete it.');
export const artistUnknown = () => notFound('artists.not_found', 'There is no such artist.');
export const projectNotJoined = () =>
  unprocessable('films.project_not_joined', 'A film may be linked only to a project of its artist that you took part in.');
export const videoInvalid = (reason: string) => unprocessable('films.video_invalid', 'The file is not a playable MP4 video.', { reason });
export const videoNotMp4 = () => new AppError(415, 'uploads.unsupported_type', 'Upload an MP4 video.', { accepted: ['video/mp4'] });
export const filmsCursorInvalid = () => badRequest('films.cursor_invalid', 'The cursor is not valid.', [{ in: 'querystring', path: '/cursor' }]);
