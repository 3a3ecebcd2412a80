import { create } from 'zustand';

type ShellStore = {
  /** docs/product.md#shell: the bottom tab bar is shown by default; the logo shows it again. */
  isBottomBarVisible: boolean;
  isLanguageAndCurrencySheetOpen: boolean;
  setBottomBarVisible(visible: boolean): void;
  openLanguageAndCurrencySheet(): void;
  closeLanguageAndCurrencySheet(): void;
};

export const useShellStore = create<ShellStore>()((set) => ({
  isBottomBarVisible: true,
  isLanguageAndCurrencySheetOpen: false,
  setBottomBarVisible: (visible) => set({ isBottomBarVisible: visible }),
  openLanguageAndCurrencySheet: () => set({ isLanguageAndCurrencySheetOpen: true }),
  closeLanguageAndCurrencySheet: () => set({ isLanguageAndCurrencySheetOpen: false }),
}));
