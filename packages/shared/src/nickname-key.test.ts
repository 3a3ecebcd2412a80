import { describe, expect, it } from 'vitest';
import { confusableRows } from './confusables.ts';
import { isReservedNickname, nicknameKey } from './nickname-key.ts';

/** [source, prototype] of every row of the generated table. */
const rows = confusableRows
  .trim()
  .split('\n')
  .map((row) => row.split('>').map((hex) => String.fromCodePoint(...hex.split(' ').map((point) => parseInt(point, 16)))) as [string, string]);

describe('nickname keys: UTS #39 confusables (docs/product.md#nicknames)', () => {
  it.each([
    ['\u043erchard_admin', 'Cyrillic о'],
    ['o\u0433chard_admin', 'Cyrillic г for r'],
    ['ｏｒｃｈａｒｄ＿ａｄｍｉｎ', 'full-width'],
    ['orchard_adm\u0131n', 'dotless ı'],
    ['ORCHARD_ADMIN', 'upper case'],
    ['orchard_adrnin', 'rn for m'],
    ['0rchard_admin', 'zero for o'],
    ['\u03bfrch\u0430rd_\u0430dmin', 'Greek ο and Cyrillic а'],
    ['\u03c3rchard_admin', 'Greek σ for o'],
    ['orchard_admi\u057c', 'Armenian ռ for n'],
    ['orchard_admİn', 'dotted capital İ'],
    ['orchard_\u3164admin', 'an invisible Hangul filler'],
  ])('makes %s (%s) one name with orchard_admin', (nickname) => {
    expect(nicknameKey(nickname)).toBe(nicknameKey('orchard_admin'));
  });

  it.each([
    ['オペレ\u4e00ター', 'オペレーター', 'CJK 一 for the long vowel mark ー'],
    ['ミ\u529b', 'ミカ', 'CJK 力 for katakana カ'],
    ['\u30d8\u30a4', '\u3078\u30a4', 'katakana ヘ and hiragana へ'],
    ['ㅇㅜㄴㅇㅕㅇㅈㅏ', '운영자', 'compatibility jamo spelling the syllables'],
    ['과ㄴ리자', '관리자', 'a final consonant written as a separate ㄴ'],
    ['관ㄹ\u4e28자', '관리자', 'CJK 丨 for the vowel ㅣ'],
    ['하\u4e00늘', '하ㅡ늘', 'CJK 一 for the vowel ㅡ'],
  ])('makes %s one name with %s (%s)', (lookAlike, original) => {
    expect(nicknameKey(lookAlike)).toBe(nicknameKey(original));
  });

  it.each([
    ['harin', 'hanna'],
    ['José', 'Jose'],
    ['María', 'Mario'],
    ['하린', '하늘'],
    ['민지', '민수'],
    ['지아', '지애'],
    ['은비', '은희'],
    ['ユナ', 'ユカ'],
    ['さくら', 'さくや'],
    ['はると', 'ハルト'],
    ['李娜', '李那'],
    ['王芳', '王方'],
    ['Ирина', 'Марина'],
    ['Σοφία', 'Ζωή'],
  ])('keeps %s and %s apart', (one, other) => {
    expect(nicknameKey(one)).not.toBe(nicknameKey(other));
  });

  it('counts Greek and Cyrillic names the same in any letter case', () => {
    expect(nicknameKey('ΣΟΦΊΑ')).toBe(nicknameKey('σοφία'));
    expect(nicknameKey('ИРИНА')).toBe(nicknameKey('ирина'));
  });

  it('applies every row of the table: a lower-case source and its prototype have one key, a key is its own key', () => {
    expect(rows.length).toBeGreaterThan(2500);
    for (const [source, prototype] of rows) {
      const key = nicknameKey(source);
      expect(nicknameKey(key), `U+${source.codePointAt(0)!.toString(16)}`).toBe(key);
      expect(nicknameKey(nicknameKey(prototype))).toBe(nicknameKey(prototype));
      // A capital is folded before the look-up, so its own row gives way to its small letter's.
      if (source.toUpperCase().toLowerCase() === source) expect(nicknameKey(prototype), `U+${source.codePointAt(0)!.toString(16)}`).toBe(key);
    }
  });
});

describe('staff-like nicknames are reserved (docs/product.md#nicknames)', () => {
  it.each([
    // English
    'orchard', 'admin', 'operator', 'staff', 'support', 'helpdesk', 'moderator', 'official', 'orchard_admin', 'super.operator', 'kim_staff',
    // Korean
    '운영자', '관리자', '오차드', '운영팀', '고객센터', '공식', '오차드팬', '관리자님',
    // Japanese
    'オペレーター', '管理者', '運営', 'オーチャード', 'サポート', '公式',
    // Chinese (simplified and traditional)
    '运营', '管理员', '客服', '官方', '運營', '管理員',
    // Spanish
    'administrador', 'operador', 'soporte', 'moderador', 'oficial', 'moderador1',
  ])('reserves %s', (nickname) => {
    expect(isReservedNickname(nickname)).toBe(true);
  });

  it.each([
    ['\u043erchard', 'Cyrillic о'],
    ['Admin', 'capital'],
    ['adm1n_kim', 'digit 1 for i'],
    ['ADM\u0406N', 'Cyrillic І'],
    ['ｏｐｅｒａｔｏｒ', 'full-width'],
    ['orchard_adm\u0131n', 'dotless ı'],
    ['\u03b1dmin', 'Greek α'],
    ['\u0391D\u039c\u0399\u039d', 'Greek capitals Α Μ Ι Ν'],
    ['\u03bfperat\u03bfr', 'Greek ο'],
    ['\u0585perat\u0585r', 'Armenian օ'],
    ['admi\u057c', 'Armenian ռ'],
    ['ope\u0433ator', 'Cyrillic г'],
    ['\u0410D\u041cIN', 'Cyrillic capitals А М'],
    ['\u041e\u0420\u0415R\u0410\u0422\u041eR', 'Cyrillic capitals О Р Е А Т'],
    ['ad\u3164min', 'an invisible Hangul filler'],
    ['オペレ\u4e00ター', 'CJK 一 for ー'],
    ['ㅇㅜㄴㅇㅕㅇㅈㅏ', 'compatibility jamo for 운영자'],
    ['과ㄴ리자', 'a split final consonant in 관리자'],
    ['관ㄹ\u4e28자', 'CJK 丨 for ㅣ in 관리자'],
    ['운영자\u3164', 'a trailing Hangul filler'],
    ['o\u0155chard.ops', 'ŕ with its acute'],
    ['\u00e1dmin', 'á'],
    ['opera\u0301tor', 'a combining acute'],
    ['s\u0323taff', 'a combining dot below'],
    ['\u00d6FFICIAL', 'Ö'],
    ['운\u0301영자', 'a combining mark inside 운영자'],
    ['オ\u3099ペレーター', 'a voiced sound mark inside オペレーター'],
  ])('reserves %s (%s)', (nickname) => {
    expect(isReservedNickname(nickname)).toBe(true);
  });

  it.each(['harin', '하린', '민지', 'ユナ', 'さくら', '李娜', '王芳', 'José.M', 'María', 'Ирина', 'Σοφία', 'fan_01', 'orca', 'minji', 'operation_k'])(
    'leaves %s free',
    (nickname) => {
      expect(isReservedNickname(nickname)).toBe(false);
    },
  );
});
