/** Community (docs/product.md#comments): the pieces the project page places. */
export { CommentList } from './components/comment-list.tsx';
export { CommentSummary } from './components/comment-summary.tsx';
export { LikeButton } from './components/like-button.tsx';
export { ReportButton } from './components/report-button.tsx';
export { ReportsQueue } from './components/reports-queue.tsx';
