import type { UserProfile } from '@orchard/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/ui/dialog.tsx';
import { Button, Card } from '../../../components/ui/primitives.tsx';
import { showToast } from '../../../components/ui/toast.tsx';
import { apiErrorMessage } from '../../../lib/i18n.ts';
import { useUnlinkX, xLinkUrl } from '../api/x-link.ts';

/** The linked X account: connect (leaves for X and comes back to `returnPath`) or disconnect after a confirmation. */
export function XLinkCard({ xAccount, canLinkX, returnPath }: { xAccount: UserProfile['xAccount']; canLinkX: boolean; returnPath: string }) {
  const { t } = useTranslation(['myPage', 'common']);
  const unlinkX = useUnlinkX();
  const [confirming, setConfirming] = useState(false);
  return (
    <Card>
      <h2 className="card__title">{t('myPage:profile.x.title')}</h2>
      <div className="row-between">
        <p className="muted">{xAccount ? t('myPage:profile.x.connectedAs', { username: xAccount.username ?? '' }) : t('myPage:profile.x.notConnected')}</p>
        {xAccount ? (
          <Button variant="secondary" className="button--small" onClick={() => setConfirming(true)} disabled={unlinkX.isPending}>
            {t('myPage:profile.x.disconnect')}
          </Button>
        ) : canLinkX ? (
          <a className="button button--secondary button--small" href={xLinkUrl(returnPath)}>
            {t('myPage:profile.x.connect')}
          </a>
        ) : null}
      </div>
      <ConfirmDialog
        open={confirming}
        title={t('myPage:profile.x.disconnectConfirm')}
        confirmLabel={t('myPage:profile.x.disconnect')}
        cancelLabel={t('common:actions.cancel')}
        onConfirm={() => {
          setConfirming(false);
          unlinkX.mutate(undefined, { onError: (error) => showToast({ message: apiErrorMessage(t, error) }) });
        }}
        onCancel={() => setConfirming(false)}
      />
    </Card>
  );
}
