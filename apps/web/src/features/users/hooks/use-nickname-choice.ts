import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../../components/ui/toast.tsx';
import { apiErrorMessage } from '../../../lib/i18n.ts';
import { useCheckNickname, type NicknameAvailability } from '../api/check-nickname.ts';
import type { NicknameField } from '../components/nickname-field.tsx';
import { nicknameBlockerOf } from './use-profile-draft.ts';

/**
 * A nickname chosen outside the profile (the join, docs/product.md#accounts), checked exactly as the
 * profile checks it: prefilled with the account's, a changed one needs the check button first.
 */
export function useNicknameChoice(saved: string) {
  const { t } = useTranslation('common');
  const [nickname, setNickname] = useState(saved);
  const [lastCheck, setLastCheck] = useState<{ nickname: string; result: NicknameAvailability } | null>(null);
  const [tried, setTried] = useState(false);
  const checkNickname = useCheckNickname();
  const checked = lastCheck?.nickname === nickname ? lastCheck.result : null;
  const blocker = nicknameBlockerOf(nickname, saved, checked);

  const fieldProps: Parameters<typeof NicknameField>[0] = {
    value: nickname,
    onChange: (next) => {
      setNickname(next);
      setTried(false);
    },
    onCheck: () => {
      setTried(false);
      const asked = nickname;
      checkNickname.mutate(asked, {
        onSuccess: (result) => setLastCheck({ nickname: asked, result }),
        onError: (error) => showToast({ message: apiErrorMessage(t, error) }),
      });
    },
    checking: checkNickname.isPending,
    checked,
    blocker: tried ? blocker : null,
  };

  return {
    fieldProps,
    /** The nickname to send, undefined when unchanged, or null (and the field says why) when it cannot go yet. */
    take(): string | undefined | null {
      if (blocker) {
        setTried(true);
        return null;
      }
      return nickname === saved ? undefined : nickname;
    },
  };
}
