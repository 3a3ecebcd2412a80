import { nicknameMaxLength } from '@orchard/shared/input-limits';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/primitives.tsx';
import type { NicknameAvailability } from '../api/check-nickname.ts';
import type { NicknameBlocker } from '../hooks/use-profile-draft.ts';
import './users.css';

// `maxLength` counts UTF-16 units while the nickname limit counts characters (code points): a
// character outside the Basic Multilingual Plane (an emoji, a rare Han character) is two units.
// Twice the limit never cuts a legal nickname short; the check and the server enforce the limit.
const nicknameInputMaxUnits = nicknameMaxLength * 2;

/** The nickname, its availability check, and what stands in the way of saving it. */
export function NicknameField({
  value,
  onChange,
  onCheck,
  checking,
  checked,
  blocker,
}: {
  value: string;
  onChange(nickname: string): void;
  onCheck(): void;
  checking: boolean;
  checked: NicknameAvailability | null;
  /** Shown once the user tried to save. */
  blocker: NicknameBlocker;
}) {
  const { t } = useTranslation('myPage');
  const inputId = useId();
  const messageId = useId();
  const empty = value.trim() === '';

  let message: { tone: 'ok' | 'error'; text: string } | null = null;
  if (blocker === 'required') message = { tone: 'error', text: t('profile.nickname.required') };
  else if (blocker === 'pressCheck') message = { tone: 'error', text: t('profile.nickname.pressSearch') };
  else if (checked?.available) message = { tone: 'ok', text: t('profile.nickname.available') };
  else if (checked?.problem) message = { tone: 'error', text: t(`profile.nickname.problems.${checked.problem}`) };

  return (
    <div className="nickname-field">
      <label htmlFor={inputId} className="field-label">
        {t('profile.nickname.label')}
      </label>
      <input
        id={inputId}
        className="text-field nickname-field__input"
        value={value}
        maxLength={nicknameInputMaxUnits}
        autoComplete="nickname"
        aria-describedby={messageId}
        aria-invalid={message?.tone === 'error' ? true : undefined}
        onChange={(event) => onChange(event.target.value)}
      />
      <div className="nickname-field__row">
        <p id={messageId} className={message ? `form-message form-message--${message.tone}` : 'form-hint'} role={message ? 'status' : undefined}>
          {message ? message.text : t('profile.nickname.rules')}
        </p>
        <Button variant="secondary" className="button--small nickname-field__check" onClick={onCheck} disabled={checking || empty}>
          {t('profile.nickname.check')}
        </Button>
      </div>
    </div>
  );
}
