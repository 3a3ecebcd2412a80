import type { Project } from '@orchard/shared';
import { useTranslation } from 'react-i18next';
import type { CommunityTarget } from '../api/query-keys.ts';
import { useSetLike } from '../api/set-like.ts';
import './community.css';

/**
 * Like / unlike with the count (idempotent on the server); the project query refreshes after. The
 * click shows at once; offline it waits, marked as pending, and is sent when back online (decision 063).
 */
export function LikeButton(
  props: { project: Pick<Project, 'id' | 'likeCount' | 'viewerLiked'> } | { target: CommunityTarget; likeCount: number; viewerLiked: boolean },
) {
  const { t } = useTranslation('community');
  const project = 'project' in props ? props.project : props;
  const setLike = useSetLike('project' in props ? { type: 'project', id: props.project.id } : props.target);
  // Shows the answer of the last click at once, before the project query refetches; while a click
  // is on its way (or waiting for the network), the state it asked for.
  const answeredLiked = setLike.data?.liked ?? project.viewerLiked;
  const answeredCount = setLike.data?.likeCount ?? project.likeCount;
  const asked = setLike.isPending ? setLike.variables : undefined;
  const liked = asked ?? answeredLiked;
  const count = asked === undefined || asked === answeredLiked ? answeredCount : Math.max(0, answeredCount + (asked ? 1 : -1));
  return (
    <span className="like-control">
      <button
        type="button"
        className={`like-button${liked ? ' like-button--on' : ''}`}
        aria-pressed={liked}
        aria-label={t(liked ? 'like.unlike' : 'like.like', { count })}
        disabled={setLike.isPending}
        onClick={() => setLike.mutate(!liked)}
      >
        <svg aria-hidden="true" width="20" height="20" viewBox="0 0 24 24" fill={liked ? 'currentColor' : 'none'} stroke="currentColor" strokeWidth="2">
          <path d="M12 21s-7.5-4.6-9.5-9.3C1.2 8.4 3.3 5 6.7 5c2 0 3.4 1.1 4.3 2.4C11.9 6.1 13.3 5 15.3 5c3.4 0 5.5 3.4 4.2 6.7C19.5 16.4 12 21 12 21z" />
        </svg>
        <span>{count}</span>
      </button>
      {setLike.isPaused ? (
        <span className="like-control__pending" role="status">
          {t('like.pending')}
        </span>
      ) : null}
    </span>
  );
}
