import { useEffect, useRef, useState, type ChangeEvent, type CompositionEvent } from 'react';

/** How long typing must pause before the text is searched for. */
export const searchDebounceMs = 250;

/**
 * The search box's text and the search it settles into. `searched` is what the address holds
 * (`?q=`, trimmed); `onSearch` changes it, `searchDebounceMs` after typing pauses, at once when the
 * box is emptied. Nothing is searched while an input method is composing (Korean, Japanese):
 * "ㄹ", "루", "룸" on the way to "루미" are not what the fan means.
 */
export function useSearchText(searched: string, onSearch: (text: string) => void) {
  const [text, setText] = useState(searched);
  const [composing, setComposing] = useState(false);
  // The address can change under the box (Back to an earlier search): the box follows it, but not
  // when the change is the box's own search arriving while the fan types on.
  const [seen, setSeen] = useState(searched);
  const sent = useRef(searched);
  if (searched !== seen) {
    setSeen(searched);
    if (searched !== sent.current) setText(searched);
  }

  useEffect(() => {
    const next = text.trim();
    if (composing || next === searched) return;
    const timer = setTimeout(
      () => {
        sent.current = next;
        onSearch(next);
      },
      next === '' ? 0 : searchDebounceMs,
    );
    return () => clearTimeout(timer);
  }, [text, composing, searched, onSearch]);

  /** Searches for `value` now, as if typed and paused on; returns what was searched for. */
  const searchNow = (value: string): string => {
    const next = value.trim();
    setText(value);
    sent.current = next;
    if (next !== searched) onSearch(next);
    return next;
  };

  return {
    text,
    composing,
    searchNow,
    inputProps: {
      value: text,
      onChange: (event: ChangeEvent<HTMLInputElement>) => setText(event.target.value),
      onCompositionStart: () => setComposing(true),
      // Some browsers send the last change before this event and some after: take the box's text here.
      onCompositionEnd: (event: CompositionEvent<HTMLInputElement>) => {
        setComposing(false);
        setText(event.currentTarget.value);
      },
    },
  };
}
