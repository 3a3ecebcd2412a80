import { useEffect } from 'react';
import { useShellStore } from './shell.ts';

/** Screens with their own bottom actions hide the tab bar while they are shown. */
export function useBottomBarHidden() {
  const setBottomBarVisible = useShellStore((state) => state.setBottomBarVisible);
  useEffect(() => {
    setBottomBarVisible(false);
    return () => setBottomBarVisible(true);
  }, [setBottomBarVisible]);
}
