import { create } from 'zustand';

type RedirectToLoginDialogStore = {
  isOpen: boolean;
  openRedirectToLoginDialog(): void;
  closeRedirectToLoginDialog(): void;
};

/** docs/architecture.md#web: any 401 opens one redirect-to-login dialog, wherever it came from. */
export const useRedirectToLoginDialogStore = create<RedirectToLoginDialogStore>()((set) => ({
  isOpen: false,
  openRedirectToLoginDialog: () => set({ isOpen: true }),
  closeRedirectToLoginDialog: () => set({ isOpen: false }),
}));
