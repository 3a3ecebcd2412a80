import { badRequest, conflict, notFound } from '../../lib/errors.ts';

export const commentNotFound = () => notFound('comments.not_found', 'There is no such comment.');
export const commentsCursorInvalid = () => badRequest('comments.cursor_invalid', 'The cursor is not valid.', [{ in: 'querystring', path: '/cursor' }]);
export const alreadyReported = () => conflict('reports.already_reported', 'Already reported.');
export const reportTargetNotFound = () => notFound('reports.target_not_found', 'There is no such project or comment to report.');
export const reportNotFound = () => notFound('reports.not_found', 'There is no such report.');
export const reportsCursorInvalid = () => badRequest('reports.cursor_invalid', 'The cursor is not valid.', [{ in: 'querystring', path: '/cursor' }]);
