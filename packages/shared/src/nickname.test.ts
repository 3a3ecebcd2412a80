import { describe, expect, it } from 'vitest';
import { isReservedNickname, nicknameKey, nicknameProblem } from './nickname.ts';

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

describe('nickname keys: confusables and staff names (UTS #39)', () => {
  it.each([
    ['\u043erchard_admin', 'Cyrillic о'],
    ['ｏｒｃｈａｒｄ＿ａｄｍｉｎ', 'full-width'],
    ['orchard_adm\u0131n', 'dotless ı'],
    ['ORCHARD_ADMIN', 'upper case'],
    ['orchard_adrnin', 'rn for m'],
    ['0rchard_admin', 'zero for o'],
    ['\u03bfrch\u0430rd_\u0430dmin', 'Greek ο and Cyrillic а'],
    ['orchard_admİn', 'dotted capital İ'],
  ])('makes %s (%s) one name with orchard_admin', (nickname) => {
    expect(nicknameKey(nickname)).toBe(nicknameKey('orchard_admin'));
  });

  it('keeps names apart that only look different', () => {
    expect(nicknameKey('harin')).not.toBe(nicknameKey('hanna'));
    expect(nicknameKey('하린')).not.toBe(nicknameKey('하늘'));
    expect(nicknameKey('José')).not.toBe(nicknameKey('Jose'));
  });

  it.each([
    'orchard_admin', '\u043erchard', 'Admin', 'adm1n_kim', 'ADM\u0406N', 'super.operator', 'kim_staff', 'support', 'helpdesk',
    '운영자', '관리자', '오차드', '오차드팬', 'オペレーター', '管理者', '运营', '管理员', 'administrador', 'operador', 'soporte',
    'ｏｐｅｒａｔｏｒ', 'moderador1',
  ])('reserves the staff-like %s', (nickname) => {
    expect(isReservedNickname(nickname)).toBe(true);
  });

  it.each(['harin', '하린', 'ユナ', '李娜', 'José.M', 'fan_01', 'orca', 'minji'])('leaves %s free', (nickname) => {
    expect(isReservedNickname(nickname)).toBe(false);
  });
});
