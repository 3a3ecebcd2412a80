import { useEffect, useState } from 'react';

/** Below this many pixels from the top the thing always shows: a page that hardly scrolls keeps it. */
const alwaysShownWithin = 48;
/** Movements smaller than this (a finger resting, momentum's tail) change nothing. */
const jitter = 6;

/**
 * Whether a floating control should step out of the way: hidden while the page scrolls down (the
 * reader is going through what it would cover), shown again as soon as it scrolls up or comes back
 * near the top, the way Material's "hide on scroll" behaves. `keepShown` (an open menu, focus inside)
 * overrides it.
 */
export function useHidesOnScrollDown(keepShown: boolean): boolean {
  const [hidden, setHidden] = useState(false);

  useEffect(() => {
    if (keepShown) {
      setHidden(false);
      return;
    }
    let lastY = window.scrollY;
    const onScroll = () => {
      const y = window.scrollY;
      if (y <= alwaysShownWithin) setHidden(false);
      else if (y - lastY > jitter) setHidden(true);
      else if (lastY - y > jitter) setHidden(false);
      else return;
      lastY = y;
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, [keepShown]);

  return hidden && !keepShown;
}
