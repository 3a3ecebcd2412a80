import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../components/ui/dialog.tsx';
import { useRedirectToLoginDialogStore } from '../../lib/stores/redirect-to-login-dialog.ts';
import { loginReturningTo } from '../../lib/return-path.ts';
import { redirectDialogDeclineTarget } from '../tabs.ts';

/** docs/product.md#shell: yes → /login; no → closes, and leaves a login-only path for /home. */
export function RedirectToLoginDialog() {
  const { t } = useTranslation('common');
  const isOpen = useRedirectToLoginDialogStore((state) => state.isOpen);
  const close = useRedirectToLoginDialogStore((state) => state.closeRedirectToLoginDialog);
  const navigate = useNavigate();
  const { pathname, search } = useLocation();

  const accept = () => {
    close();
    navigate(loginReturningTo(pathname + search));
  };
  const decline = () => {
    close();
    const target = redirectDialogDeclineTarget(pathname);
    if (target) navigate(target);
  };
  return (
    <ConfirmDialog
      open={isOpen}
      title={t('redirectToLogin.title')}
      message={t('redirectToLogin.message')}
      confirmLabel={t('actions.yes')}
      cancelLabel={t('actions.no')}
      onConfirm={accept}
      onCancel={decline}
    />
  );
}
