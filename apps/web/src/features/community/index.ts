/**
 * Community (docs/product.md#comments, docs/product.md#community): the pieces the project page,
 * the artist page and the film page place. `CommentList` and `LikeButton` take any target:
 * `{ type: 'project' | 'film' | 'post', id }`.
 */
export { ArtistCommunity } from './components/artist-community.tsx';
export { CommentList } from './components/comment-list.tsx';
export type { CommunityTarget } from './api/query-keys.ts';
export { CommentSummary } from './components/comment-summary.tsx';
export { LikeButton } from './components/like-button.tsx';
export { ReportButton } from './components/report-button.tsx';
export { ReportsQueue } from './components/reports-queue.tsx';
