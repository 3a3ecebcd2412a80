import { josa } from 'es-hangul';

const hangulSyllable = /[\uAC00-\uD7A3]$/;

/**
 * The object particle that follows `word` in Korean: 을 after a final consonant, 를 after a vowel
 * (es-hangul reads the last syllable). A word that does not end in Hangul (a Latin name, digits, an
 * emoji) keeps the written "을(를)", because how it is read aloud cannot be known from its letters.
 */
export function koreanObjectParticle(word: string): string {
  const trimmed = word.trim();
  return hangulSyllable.test(trimmed) ? josa.pick(trimmed, '을/를') : '을(를)';
}
