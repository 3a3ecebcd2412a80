import { useEffect, useState, type RefObject } from 'react';

export type OverflowEdges = { before: boolean; after: boolean };

/**
 * Whether a horizontally scrolling element has more content before or after what shows: kept
 * current as it scrolls, resizes, or its children change size (a font arriving, a language change).
 */
export function useOverflowEdges(ref: RefObject<HTMLElement | null>): OverflowEdges {
  const [edges, setEdges] = useState<OverflowEdges>({ before: false, after: false });
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () => {
      const before = element.scrollLeft > 1;
      const after = element.scrollLeft + element.clientWidth < element.scrollWidth - 1;
      setEdges((current) => (current.before === before && current.after === after ? current : { before, after }));
    };
    element.addEventListener('scroll', measure, { passive: true });
    const observer = typeof ResizeObserver === 'function' ? new ResizeObserver(measure) : null;
    // A resize observer reports each element once right after its next layout, so the first
    // measure reads a fresh layout instead of forcing one in the middle of start-up
    // (docs/decisions/044-web-main-thread-at-start.md). Without one, measure at once.
    if (observer) {
      observer.observe(element);
      for (const child of element.children) observer.observe(child);
    } else {
      measure();
    }
    return () => {
      element.removeEventListener('scroll', measure);
      observer?.disconnect();
    };
  }, [ref]);
  return edges;
}
