import { useEffect, useRef, type MouseEvent } from 'react';

/** The key of an open overlay's own history entry, beside the router's `usr`, `key` and `idx`. */
const overlayEntryKey = 'orchardOverlay';
let lastMarker = 0;

/** The Back an overlay took its own entry off with, until it has landed. */
let pendingBack: Promise<void> | null = null;

function takeOwnEntryOff(): Promise<void> {
  const landed = new Promise<void>((resolve) => {
    window.addEventListener(
      'popstate',
      () => {
        pendingBack = null;
        resolve();
      },
      { once: true },
    );
  });
  pendingBack = landed;
  window.history.back();
  return landed;
}

/**
 * docs/product.md#shell: the browser's Back closes an open sheet instead of leaving the page, as on
 * Android. Opening pushes an entry of the same address (the router's state kept, so it sees the same
 * location); Back pops it and closes. Closed any other way, the sheet takes its entry off again, so
 * no stray entry is left and the next Back still leaves the page. A link inside the sheet first takes
 * the entry off, then goes and closes the sheet, so Back from where it leads comes straight back to the page.
 * Returns the click handler (capture phase) of the sheet's links.
 */
export function useBackCloses(open: boolean, onClose: () => void): (event: MouseEvent) => void {
  const closeHandler = useRef(onClose);
  closeHandler.current = onClose;
  const entry = useRef<{ marker: number; leave(): Promise<void> } | null>(null);
  useEffect(() => {
    if (!open) return;
    lastMarker += 1;
    const marker = lastMarker;
    let cancelled = false;
    const onPopState = () => {
      entry.current = null;
      window.removeEventListener('popstate', onPopState);
      closeHandler.current();
    };
    const leave = () => {
      entry.current = null;
      window.removeEventListener('popstate', onPopState);
      const state = window.history.state as Record<string, unknown> | null;
      return state?.[overlayEntryKey] === marker ? takeOwnEntryOff() : Promise.resolve();
    };
    const push = () => {
      if (cancelled) return;
      window.history.pushState({ ...(window.history.state as object | null), [overlayEntryKey]: marker }, '');
      entry.current = { marker, leave };
      window.addEventListener('popstate', onPopState);
    };
    // A sheet opened while another's entry is still coming off (StrictMode's second mount among
    // them) waits for it, so that Back does not land on this sheet's entry and close it.
    if (pendingBack) void pendingBack.then(push);
    else push();
    return () => {
      cancelled = true;
      if (entry.current?.marker === marker) void leave();
    };
  }, [open]);

  return (event: MouseEvent) => {
    const link = event.target instanceof Element ? event.target.closest<HTMLAnchorElement>('a[href]') : null;
    const own = entry.current;
    if (!link || !own || event.defaultPrevented || link.target === '_blank' || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    // Closed once followed: the page under it may still show while the next one loads.
    void own.leave().then(() => {
      link.click();
      closeHandler.current();
    });
  };
}
