import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CameraIcon } from '../../../components/ui/icons.tsx';
import { Button } from '../../../components/ui/primitives.tsx';
import { acceptedPictureTypes, pictureMaxMegabytes, pictureProblem, type PictureProblem } from '../api/profile-picture.ts';
import type { ProfileDraft } from '../hooks/use-profile-draft.ts';
import { ProfileAvatar } from './profile-avatar.tsx';

type PictureMessage = PictureProblem | 'unreadable';

/** The picture: choose one (checked for type and size before anything is sent) or go back to the default. */
export function ProfilePictureField({
  shownPicture,
  picture,
  hasSavedPicture,
  onChange,
}: {
  shownPicture: string | null;
  picture: ProfileDraft['picture'];
  hasSavedPicture: boolean;
  onChange(picture: ProfileDraft['picture']): void;
}) {
  const { t } = useTranslation('myPage');
  const inputId = useId();
  const messageId = useId();
  const [message, setMessage] = useState<PictureMessage | null>(null);
  return (
    <div className="profile-picture">
      <ProfileAvatar
        imageUrl={shownPicture}
        size={96}
        onUnreadable={() => {
          if (picture.kind !== 'upload') return;
          setMessage('unreadable');
          onChange({ kind: 'keep' });
        }}
      />
      <div className="profile-picture__actions">
        <input
          id={inputId}
          className="visually-hidden"
          type="file"
          accept={acceptedPictureTypes}
          aria-describedby={messageId}
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = '';
            if (!file) return;
            const problem = pictureProblem(file);
            setMessage(problem);
            if (!problem) onChange({ kind: 'upload', file });
          }}
        />
        <label htmlFor={inputId} className="button button--secondary button--small">
          <CameraIcon width={18} height={18} />
          <span>{t('profile.picture.change')}</span>
        </label>
        <Button
          variant="ghost"
          className="button--small"
          onClick={() => {
            setMessage(null);
            onChange({ kind: 'default' });
          }}
          disabled={picture.kind === 'default' || (!hasSavedPicture && picture.kind === 'keep')}
        >
          {t('profile.picture.useDefault')}
        </Button>
        <p id={messageId} className={message ? 'form-message form-message--error' : 'form-hint'} role={message ? 'alert' : undefined}>
          {message ? t(`profile.picture.${message}`, { megabytes: pictureMaxMegabytes }) : t('profile.picture.hint', { megabytes: pictureMaxMegabytes })}
        </p>
      </div>
    </div>
  );
}
