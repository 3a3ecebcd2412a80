import { vi } from 'vitest';

/** Sets what `navigator.onLine` says and fires the event the app and the query client listen to. */
export function setBrowserOnline(online: boolean) {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(online);
  window.dispatchEvent(new Event(online ? 'online' : 'offline'));
}
