import { createAppQueryClient } from '../lib/query-client.ts';
import { useRedirectToLoginDialogStore } from '../lib/stores/redirect-to-login-dialog.ts';
import { useUserInfoStore } from '../lib/stores/user-info.ts';

/** The app's one query client; its 401 handling opens the dialog and resets `userInfo` (docs/architecture.md#web). */
export const appQueryClient = createAppQueryClient({
  onUnauthorized: () => {
    useUserInfoStore.getState().resetUserInfo();
    useRedirectToLoginDialogStore.getState().openRedirectToLoginDialog();
  },
  currentPath: () => window.location.pathname,
});
