import { badRequest, conflict, forbidden, notFound } from '../../lib/errors.ts';

export const commentNotFound = () => notFound('comments.not_found', 'There is no such comment.');
export const commentsCursorInvalid = () => badRequest('comments.cursor_invalid', 'The cursor is not valid.', [{ in: 'querystring', path: '/cursor' }]);
export const alreadyReported = () => conflict('reports.already_reported', 'Already reported.');
export const reportTargetNotFound = () => notFound('reports.target_not_found', 'There is no such project or comment to report.');
export const reportNotFound = () => notFound('reports.not_found', 'There is no such report.');
export const reportsCursorInvalid = () => badRequest('reports.cursor_invalid', 'The cursor is not valid.', [{ in: 'querystring', path: '/cursor' }]);
export const postNotFound = () => notFound('posts.not_found', 'There is no such post.');
export const postNotAuthor = () => forbidden('posts.not_author', 'Only the author can change or delete this post.');
export const postHidden = () => conflict('posts.hidden', 'This post was hidden by the operator.');
export const postsCursorInvalid = () => badRequest('posts.cursor_invalid', 'The cursor is not valid.', [{ in: 'querystring', path: '/cursor' }]);
export const filmNotFound = () => notFound('films.not_found', 'There is no such film.');
export const filmHidden = () => conflict('films.hidden', 'This film was hidden by the operator.');
