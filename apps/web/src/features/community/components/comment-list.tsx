import { commentBodyMax, type Comment } from '@orchard/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { loginReturningTo } from '../../../lib/return-path.ts';
import { ConfirmDialog } from '../../../components/ui/dialog.tsx';
import { ChatIcon } from '../../../components/ui/icons.tsx';
import { Button, EmptyState, Spinner } from '../../../components/ui/primitives.tsx';
import { formatKstDate } from '../../../lib/format.ts';
import { apiErrorMessage } from '../../../lib/i18n.ts';
import { useLanguageAndCurrencyStore } from '../../../lib/stores/language-and-currency.ts';
import { useUserInfoStore } from '../../../lib/stores/user-info.ts';
import { useDeleteComment } from '../api/delete-comment.ts';
import { useComments } from '../api/get-comments.ts';
import { usePostComment } from '../api/post-comment.ts';
import type { CommunityTarget } from '../api/query-keys.ts';
import { ReportButton } from './report-button.tsx';
import './community.css';
import { FanAvatar } from '../../../components/ui/fan-avatar.tsx';
import { TextBox } from '../../../components/ui/text-box.tsx';

/** The write box: 1–1,000 characters after trimming, with a live counter (docs/product.md#comments). */
function CommentForm({ target }: { target: CommunityTarget }) {
  const { t } = useTranslation(['community', 'common']);
  const [body, setBody] = useState('');
  const post = usePostComment(target);
  const trimmed = body.trim();
  const submit = () => {
    if (trimmed.length === 0 || trimmed.length > commentBodyMax) return;
    post.mutate(trimmed, { onSuccess: () => setBody('') });
  };
  return (
    <form
      className="comment-form"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <TextBox
        label={t('form.label')}
        labelHidden
        multiline
        rows={3}
        fieldClassName="community-textarea"
        maxLength={commentBodyMax}
        placeholder={t('form.placeholder')}
        value={body}
        onChange={setBody}
      />
      <div className="row-between">
        <span className="form-hint" aria-live="polite">
          {t('counter', { count: body.length, max: commentBodyMax })}
        </span>
        <Button type="submit" disabled={trimmed.length === 0 || post.isPending}>
          {t('form.submit')}
        </Button>
      </div>
      {post.isError ? (
        <p className="form-message form-message--error" role="alert">
          {apiErrorMessage(t, post.error)}
        </p>
      ) : null}
    </form>
  );
}

function CommentItem({ comment, target, signedIn }: { comment: Comment; target: CommunityTarget; signedIn: boolean }) {
  const { t } = useTranslation(['community', 'common']);
  const language = useLanguageAndCurrencyStore((state) => state.language);
  const remove = useDeleteComment(target);
  const [confirming, setConfirming] = useState(false);
  const name = comment.author.nickname ?? t('deletedUser');
  return (
    <li className="comment-item">
      <div className="comment-item__head">
        <FanAvatar name={comment.author.nickname} pictureUrl={comment.author.profileImageUrl} />
        <span className="comment-item__name">{name}</span>
        <time className="comment-item__date" dateTime={comment.createdAt}>
          {formatKstDate(comment.createdAt, language, { withTime: true })}
        </time>
      </div>
      {comment.hidden && comment.body === null ? (
        <p className="comment-item__body comment-item__body--hidden">{t('hidden')}</p>
      ) : (
        // Plain text only: React escapes it, markup shows as typed (docs/product.md#comments).
        <p className="comment-item__body">{comment.body}</p>
      )}
      {comment.hidden && comment.body !== null ? <p className="form-hint">{t('hiddenForOthers')}</p> : null}
      <div className="comment-item__actions">
        {comment.viewerIsAuthor ? (
          <button type="button" className="community-link-button" onClick={() => setConfirming(true)} disabled={remove.isPending}>
            {t('delete.action')}
          </button>
        ) : signedIn && !comment.hidden ? (
          <ReportButton target={{ type: 'comment', id: comment.id }} />
        ) : null}
      </div>
      <ConfirmDialog
        open={confirming}
        title={t('delete.title')}
        message={t('delete.message')}
        confirmLabel={t('delete.confirm')}
        cancelLabel={t('common:actions.cancel')}
        tone="danger"
        onConfirm={() => {
          setConfirming(false);
          remove.mutate(comment.id);
        }}
        onCancel={() => setConfirming(false)}
      />
    </li>
  );
}

/** A guest's way to comment: the login page, coming back here (docs/product.md#accounts, ways back). */
function GuestCommentPrompt() {
  const { t } = useTranslation('community');
  const { pathname, search } = useLocation();
  return (
    <p className="comment-guest muted">
      <span>{t('signInToComment')}</span>
      <Link className="text-link" to={loginReturningTo(pathname + search)}>
        {t('logIn')}
      </Link>
    </p>
  );
}

/**
 * The comments of a project, a film or a post (`target`), newest first, "load more", the write box
 * for signed-in users and the login prompt for guests. One component for every target: the film
 * page uses it as `<CommentList target={{ type: 'film', id: filmId }} />`.
 */
export function CommentList({ target }: { target: CommunityTarget }) {
  const { t } = useTranslation(['community', 'common']);
  const signedIn = useUserInfoStore((state) => state.isActive);
  const comments = useComments(target);
  let content;
  if (comments.isPending) content = <Spinner label={t('common:loading')} />;
  else if (comments.isError)
    content = (
      <p className="notice notice--error" role="alert">
        {apiErrorMessage(t, comments.error)}
      </p>
    );
  else {
    const items = comments.data.pages.flatMap((page) => page.items);
    content =
      items.length === 0 ? (
        <EmptyState icon={<ChatIcon width={32} height={32} />} message={t('empty')} />
      ) : (
        <>
          <ul className="comment-list" aria-label={t('listLabel')}>
            {items.map((comment) => (
              <CommentItem key={comment.id} comment={comment} target={target} signedIn={signedIn} />
            ))}
          </ul>
          {comments.hasNextPage ? (
            <Button variant="secondary" block disabled={comments.isFetchingNextPage} onClick={() => void comments.fetchNextPage()}>
              {t('loadMore')}
            </Button>
          ) : null}
        </>
      );
  }
  return (
    <div className="stack">
      {signedIn ? <CommentForm target={target} /> : <GuestCommentPrompt />}
      {content}
    </div>
  );
}
