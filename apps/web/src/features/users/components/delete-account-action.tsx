import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/ui/dialog.tsx';
import { showToast } from '../../../components/ui/toast.tsx';
import { formatNumber } from '../../../lib/format.ts';
import { apiErrorMessage } from '../../../lib/i18n.ts';
import { useLanguageAndCurrencyStore } from '../../../lib/stores/language-and-currency.ts';
import { useDeleteAccount } from '../api/delete-account.ts';

/** The points a deletion would forfeit, from the points feature; null while unknown. */
export type PointsAtStake = { orange: number; berry: number } | null;

/** "Delete account", behind a warning that says exactly how many points are lost. */
export function DeleteAccountAction({ pointsAtStake, onDeleted }: { pointsAtStake: PointsAtStake; onDeleted(): void }) {
  const { t } = useTranslation(['myPage', 'common']);
  const language = useLanguageAndCurrencyStore((state) => state.language);
  const deleteAccount = useDeleteAccount();
  const [confirming, setConfirming] = useState(false);
  const count = (value: number) => formatNumber(value, language);
  return (
    <>
      <button type="button" className="link-list__item link-list__item--danger" onClick={() => setConfirming(true)}>
        {t('myPage:profile.deleteAccount.action')}
      </button>
      <ConfirmDialog
        open={confirming}
        tone="danger"
        title={t('myPage:profile.deleteAccount.title')}
        message={
          <ul className="warning-list">
            <li data-testid="points-at-stake">
              {pointsAtStake
                ? t('myPage:profile.deleteAccount.pointsCount', { orange: count(pointsAtStake.orange), berry: count(pointsAtStake.berry) })
                : t('myPage:profile.deleteAccount.points')}
            </li>
            <li>{t('myPage:profile.deleteAccount.profile')}</li>
            <li>{t('myPage:profile.deleteAccount.creator')}</li>
          </ul>
        }
        confirmLabel={t('myPage:profile.deleteAccount.confirm')}
        cancelLabel={t('common:actions.cancel')}
        onConfirm={() => {
          setConfirming(false);
          deleteAccount.mutate(undefined, {
            onSuccess: onDeleted,
            onError: (error) => showToast({ message: apiErrorMessage(t, error), manualClose: true }),
          });
        }}
        onCancel={() => setConfirming(false)}
      />
    </>
  );
}
