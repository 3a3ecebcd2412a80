import { describe, expect, it } from 'vitest';
import { nicknameKey } from './nickname-key.ts';
import { nicknameProblem } from './nickname.ts';

describe('nickname rules (docs/product.md#nicknames)', () => {
  it.each(['ab', 'Harin', '하린', 'ユナ', '李娜', 'José.M', 'fan_01', 'अनिल', 'สมชาย', 'Zoë', 'a'.repeat(16)])('accepts %s', (nickname) => {
    expect(nicknameProblem(nickname)).toBeNull();
  });

  it.each([
    ['', 'too_short'],
    ['a', 'too_short'],
    ['a'.repeat(17), 'too_long'],
    ['ab cd', 'invalid_characters'],
    ['ab\u200Dcd', 'invalid_characters'],
    ['ab\u202Ecd', 'invalid_characters'],
    ['\u0301\u0301', 'invalid_characters'],
    ['_\u0301x', 'invalid_characters'],
    ['fan😀', 'invalid_characters'],
    ['ab\u0000', 'invalid_characters'],
    ['ab\uD800', 'invalid_characters'],
    ['a-b', 'invalid_characters'],
  ])('refuses %j as %s', (nickname, problem) => {
    expect(nicknameProblem(nickname)).toBe(problem);
  });

  it('counts a Hangul name typed as jamo like the same name in syllables', () => {
    const syllables = '하린';
    const jamo = syllables.normalize('NFD');
    expect(jamo).not.toBe(syllables);
    expect(nicknameProblem(jamo)).toBeNull();
    expect(nicknameKey(jamo)).toBe(nicknameKey(syllables));
  });

  it('makes one key for every letter case', () => {
    expect(nicknameKey('OrChArD')).toBe(nicknameKey('orchard'));
  });
});
