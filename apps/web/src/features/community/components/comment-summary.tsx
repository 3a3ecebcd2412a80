import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../lib/paths.ts';
import { ChatIcon } from '../../../components/ui/icons.tsx';
import './community.css';

/** The project page's comment line: the count, and a link to the comment list to leave one. */
export function CommentSummary({ projectId, count }: { projectId: number; count: number }) {
  const { t } = useTranslation('community');
  return (
    <Link to={paths.commentList(projectId)} className="comment-summary">
      <ChatIcon width={20} height={20} aria-hidden="true" />
      <span className="comment-summary__count">{t('summary.count', { count })}</span>
      <span className="comment-summary__cta">{t(count === 0 ? 'summary.first' : 'summary.leave')}</span>
    </Link>
  );
}
