/**
 * Folds text for case- and accent-insensitive matching: compatibility forms unified, combining
 * marks removed (é → e, が → か), then recomposed so Hangul syllables stay whole, then lower-cased.
 */
export function foldForSearch(text: string): string {
  return text.normalize('NFKD').replace(/\p{M}/gu, '').normalize('NFC').toLowerCase();
}
