import { useEffect, useRef, type RefObject } from 'react';

/** The fades of tabs-scroll-hint.css: a tab under one of them is not really in view. */
const fadeBefore = 32;
const fadeAfter = 56;

/** Scrolls a tab strip so its selected tab shows whole, centred when it has to move. */
export function revealSelectedTab(strip: HTMLElement, behavior: ScrollBehavior) {
  const tab = strip.querySelector<HTMLElement>('[role="tab"][aria-selected="true"]');
  if (!tab) return;
  const stripBox = strip.getBoundingClientRect();
  const tabBox = tab.getBoundingClientRect();
  const start = tabBox.left - stripBox.left + strip.scrollLeft;
  const end = start + tabBox.width;
  const shownFrom = strip.scrollLeft + (strip.scrollLeft > 1 ? fadeBefore : 0);
  const shownTo = strip.scrollLeft + strip.clientWidth - (strip.scrollLeft + strip.clientWidth < strip.scrollWidth - 1 ? fadeAfter : 0);
  if (start >= shownFrom && end <= shownTo) return;
  const left = Math.max(0, Math.min(strip.scrollWidth - strip.clientWidth, start - (strip.clientWidth - tabBox.width) / 2));
  if (typeof strip.scrollTo === 'function') strip.scrollTo({ left, behavior });
  else strip.scrollLeft = left;
}

/**
 * Keeps the selected tab of a horizontally scrolling strip in view: on first paint (a tab chosen by
 * the address, such as My projects' "Request", may sit past the screen's edge) and whenever the
 * selection changes. A strip opened on its first tab is not measured at all, so start-up forces no
 * layout for it (docs/decisions/044-web-main-thread-at-start.md).
 */
export function useSelectedTabInView(ref: RefObject<HTMLElement | null>, selected: string, first: string | undefined) {
  const painted = useRef(false);
  useEffect(() => {
    const strip = ref.current;
    const firstPaint = !painted.current;
    painted.current = true;
    if (!strip || (firstPaint && selected === first)) return;
    const reducedMotion = typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    revealSelectedTab(strip, firstPaint || reducedMotion ? 'auto' : 'smooth');
  }, [ref, selected, first]);
}
