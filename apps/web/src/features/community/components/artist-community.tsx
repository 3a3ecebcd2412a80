import { postImagesMax, postTextMax, type Post } from '@orchard/shared';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { loginReturningTo } from '../../../lib/return-path.ts';
import { ImagePicker } from '../../../components/ui/image-picker.tsx';
import { TextBox } from '../../../components/ui/text-box.tsx';
import { ConfirmDialog } from '../../../components/ui/dialog.tsx';
import { ChatIcon } from '../../../components/ui/icons.tsx';
import { Button, EmptyState, Spinner } from '../../../components/ui/primitives.tsx';
import { showToast } from '../../../components/ui/toast.tsx';
import { formatKstDate } from '../../../lib/format.ts';
import { apiErrorMessage } from '../../../lib/i18n.ts';
import { useLanguageAndCurrencyStore } from '../../../lib/stores/language-and-currency.ts';
import { useUserInfoStore } from '../../../lib/stores/user-info.ts';
import { useCreatePost, useDeletePost, useEditPost, usePosts } from '../api/posts.ts';
import { CommentList } from './comment-list.tsx';
import { LikeButton } from './like-button.tsx';
import { ReportButton } from './report-button.tsx';
import './community.css';
import { FanAvatar } from '../../../components/ui/fan-avatar.tsx';

/** The post box: 1–2,000 characters and up to four images, with the upload's progress (docs/product.md#community). */
function PostForm({ artistId }: { artistId: number }) {
  const { t } = useTranslation(['community', 'common']);
  const [text, setText] = useState('');
  const [images, setImages] = useState<File[]>([]);
  const [progress, setProgress] = useState(0);
  const create = useCreatePost(artistId, setProgress);
  const trimmed = text.trim();
  const canSend = trimmed.length > 0 && trimmed.length <= postTextMax && !create.isPending;
  const submit = () => {
    if (!canSend) return;
    setProgress(0);
    create.mutate(
      { text: trimmed, images },
      {
        onSuccess: () => {
          setText('');
          setImages([]);
          showToast({ message: t('post.posted') });
        },
      },
    );
  };
  return (
    <form
      className="comment-form post-form"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <TextBox
        label={t('post.label')}
        labelHidden
        multiline
        rows={4}
        fieldClassName="community-textarea"
        maxLength={postTextMax}
        placeholder={t('post.placeholder')}
        value={text}
        onChange={setText}
        disabled={create.isPending}
      />
      <ImagePicker
        files={images}
        columns={4}
        testId="post-images"
        texts={{
          choose: t('post.addImages', { count: images.length, max: postImagesMax }),
          list: t('post.chosenImages'),
          altOf: (number) => t('post.imageAlt', { number }),
          removeLabelOf: (number) => t('post.removeImage', { number }),
        }}
        disabled={create.isPending}
        chooseDisabled={images.length >= postImagesMax}
        onRemove={(index) => setImages((current) => current.filter((_, i) => i !== index))}
        onChoose={(chosen) =>
          setImages((current) => {
            const next = [...current, ...chosen];
            if (next.length > postImagesMax) showToast({ message: t('post.tooManyImages', { max: postImagesMax }) });
            return next.slice(0, postImagesMax);
          })
        }
        beside={
          <span className="form-hint" aria-live="polite">
            {t('counter', { count: text.length, max: postTextMax })}
          </span>
        }
      />
      {create.isPending ? (
        <div className="post-form__progress">
          <progress max={100} value={Math.round(progress * 100)} aria-label={t('post.uploading')} />
          <span className="form-hint">{t('post.progress', { percent: Math.round(progress * 100) })}</span>
        </div>
      ) : null}
      {create.isError ? (
        <p className="form-message form-message--error" role="alert">
          {apiErrorMessage(t, create.error)}
        </p>
      ) : null}
      <Button type="submit" block disabled={!canSend}>
        {t('post.submit')}
      </Button>
    </form>
  );
}

/** Signed out, the post box is the login-required prompt, its link coming back here (docs/product.md#accounts, ways back). */
function GuestPostPrompt() {
  const { t } = useTranslation('community');
  const { pathname, search } = useLocation();
  return (
    <div className="post-guest">
      <p>{t('post.signIn')}</p>
      <Link className="button button--primary" to={loginReturningTo(pathname + search)}>
        {t('logIn')}
      </Link>
    </div>
  );
}

function PostEditor({ post, artistId, onDone }: { post: Post; artistId: number; onDone(): void }) {
  const { t } = useTranslation(['community', 'common']);
  const [text, setText] = useState(post.text ?? '');
  const edit = useEditPost(artistId);
  const trimmed = text.trim();
  return (
    <form
      className="comment-form"
      onSubmit={(event) => {
        event.preventDefault();
        if (trimmed.length === 0) return;
        edit.mutate({ postId: post.id, text: trimmed }, { onSuccess: onDone });
      }}
    >
      <TextBox
        label={t('post.editLabel')}
        labelHidden
        multiline
        rows={4}
        fieldClassName="community-textarea"
        maxLength={postTextMax}
        value={text}
        onChange={setText}
        counter={t('counter', { count: text.length, max: postTextMax })}
      />
      {edit.isError ? (
        <p className="form-message form-message--error" role="alert">
          {apiErrorMessage(t, edit.error)}
        </p>
      ) : null}
      <div className="post-item__edit-actions">
        <Button type="button" variant="secondary" onClick={onDone}>
          {t('common:actions.cancel')}
        </Button>
        <Button type="submit" disabled={trimmed.length === 0 || edit.isPending}>
          {t('post.save')}
        </Button>
      </div>
    </form>
  );
}

function PostItem({ post, artistId, signedIn }: { post: Post; artistId: number; signedIn: boolean }) {
  const { t } = useTranslation(['community', 'common']);
  const language = useLanguageAndCurrencyStore((state) => state.language);
  const [editing, setEditing] = useState(false);
  const [showComments, setShowComments] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const remove = useDeletePost(artistId);
  const name = post.author.nickname ?? t('deletedUser');
  const commentsId = useId();
  return (
    <li className="post-item">
      <div className="comment-item__head">
        <FanAvatar name={post.author.nickname} pictureUrl={post.author.profileImageUrl} />
        <span className="comment-item__name">{name}</span>
        <time className="comment-item__date" dateTime={post.createdAt}>
          {formatKstDate(post.createdAt, language, { withTime: true })}
          {post.editedAt ? ` · ${t('post.edited')}` : ''}
        </time>
      </div>
      {editing ? (
        <PostEditor post={post} artistId={artistId} onDone={() => setEditing(false)} />
      ) : post.text === null ? (
        <p className="comment-item__body comment-item__body--hidden">{t('post.hidden')}</p>
      ) : (
        // Plain text only: React escapes it, markup shows as typed.
        <p className="comment-item__body">{post.text}</p>
      )}
      {post.hidden && post.text !== null ? <p className="form-hint">{t('post.hiddenForOthers')}</p> : null}
      {post.imageUrls.length > 0 ? (
        <div className={`post-item__images post-item__images--${post.imageUrls.length}`}>
          {post.imageUrls.map((url, index) => (
            <img key={url} src={url} alt={t('post.imageAlt', { number: index + 1 })} loading="lazy" />
          ))}
        </div>
      ) : null}
      <div className="post-item__actions">
        {signedIn ? (
          <LikeButton target={{ type: 'post', id: post.id }} likeCount={post.likeCount} viewerLiked={post.viewerLiked} />
        ) : (
          <span className="post-item__count">{t('post.likes', { count: post.likeCount })}</span>
        )}
        <button type="button" className="community-link-button post-item__comments" aria-expanded={showComments} aria-controls={commentsId} onClick={() => setShowComments((open) => !open)}>
          <ChatIcon width={18} height={18} aria-hidden="true" />
          {t('post.comments', { count: post.commentCount })}
        </button>
        <span className="post-item__spacer" />
        {post.viewerIsAuthor ? (
          <>
            {!post.hidden ? (
              <button type="button" className="community-link-button" onClick={() => setEditing(true)} disabled={editing}>
                {t('post.edit')}
              </button>
            ) : null}
            <button type="button" className="community-link-button" onClick={() => setConfirming(true)} disabled={remove.isPending}>
              {t('delete.action')}
            </button>
          </>
        ) : signedIn && !post.hidden ? (
          <ReportButton target={{ type: 'post', id: post.id }} />
        ) : null}
      </div>
      {showComments ? (
        <div id={commentsId} className="post-item__thread">
          <CommentList target={{ type: 'post', id: post.id }} />
        </div>
      ) : null}
      <ConfirmDialog
        open={confirming}
        title={t('post.deleteTitle')}
        message={t('post.deleteMessage')}
        confirmLabel={t('delete.confirm')}
        cancelLabel={t('common:actions.cancel')}
        tone="danger"
        onConfirm={() => {
          setConfirming(false);
          remove.mutate(post.id);
        }}
        onCancel={() => setConfirming(false)}
      />
    </li>
  );
}

/** The artist page's community tab: the post box (or the login prompt) and the posts, newest first. */
export function ArtistCommunity({ artistId, emptyMessage }: { artistId: number; emptyMessage: string }) {
  const { t } = useTranslation(['community', 'common']);
  const signedIn = useUserInfoStore((state) => state.isActive);
  const posts = usePosts(artistId);
  let content;
  if (posts.isPending) content = <Spinner label={t('common:loading')} />;
  else if (posts.isError)
    content = (
      <p className="notice notice--error" role="alert">
        {apiErrorMessage(t, posts.error)}
      </p>
    );
  else {
    const items = posts.data.pages.flatMap((page) => page.items);
    content =
      items.length === 0 ? (
        <EmptyState icon={<ChatIcon width={32} height={32} />} message={emptyMessage} />
      ) : (
        <>
          <ul className="post-list" aria-label={t('post.listLabel')}>
            {items.map((post) => (
              <PostItem key={post.id} post={post} artistId={artistId} signedIn={signedIn} />
            ))}
          </ul>
          {posts.hasNextPage ? (
            <Button variant="secondary" block disabled={posts.isFetchingNextPage} onClick={() => void posts.fetchNextPage()}>
              {t('loadMore')}
            </Button>
          ) : null}
        </>
      );
  }
  return (
    <div className="stack">
      {signedIn ? <PostForm artistId={artistId} /> : <GuestPostPrompt />}
      {content}
    </div>
  );
}
