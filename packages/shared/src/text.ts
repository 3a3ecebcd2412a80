/**
 * Folds text for case- and accent-insensitive matching: compatibility forms unified, combining
 * marks removed (é → e, が → か), then recomposed so Hangul syllables stay whole, then lower-cased,
 * and katakana written as hiragana (レッドベルベット and れっどべるべっと match each other).
 */
export function foldForSearch(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .normalize('NFC')
    .toLowerCase()
    .replace(/[\u30a1-\u30f6]/g, (katakana) => String.fromCharCode(katakana.charCodeAt(0) - 0x60));
}

const hangulSyllableBase = 0xac00;
/** Syllables per initial consonant: 21 vowels × 28 finals. */
const syllablesPerInitial = 21 * 28;

/**
 * The initial consonants (chosung) of each Hangul word, as foldForSearch writes them (conjoining
 * choseong, which is what a typed ㄹ becomes under NFKD): 레드벨벳 → ᄅᄃᄇᄇ, so "ㄹㄷ" finds it.
 */
export function hangulInitials(text: string): string[] {
  const words: string[] = [];
  for (const word of text.normalize('NFC').split(/[^\uac00-\ud7a3]+/)) {
    if (!word) continue;
    words.push(
      [...word]
        .map((syllable) => String.fromCharCode(0x1100 + Math.floor((syllable.charCodeAt(0) - hangulSyllableBase) / syllablesPerInitial)))
        .join(''),
    );
  }
  return words;
}

/** The stored search key of an artist: every name folded, then the chosung of its Hangul words. */
export function artistSearchKey(names: string[]): string {
  const joined = names.join(' ');
  return [foldForSearch(joined), ...hangulInitials(joined)].join(' ');
}

