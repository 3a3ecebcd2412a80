import { confusablePrototypes } from './confusables.ts';
import { z } from 'zod';
import { nicknameMaxLength, nicknameMinLength } from './input-limits.ts';

// docs/product.md#nicknames: 2–16 characters, letters of any script, digits, `_` and `.`;
// unique case-insensitively.
export { nicknameMaxLength, nicknameMinLength };
// Combining marks are letters' parts in many scripts (Devanagari, Thai vowel signs), so they may
// follow a letter; a mark with no letter before it (a lone accent, Zalgo at the start) may not.
const nicknamePattern = /^(?:\p{L}\p{M}*|[\p{Nd}_.])+$/u;

export type NicknameProblem = 'too_short' | 'too_long' | 'invalid_characters';

/** NFC so that a Hangul name typed as jamo and as syllables is one nickname. */
export function normalizeNickname(raw: string): string {
  return raw.normalize('NFC');
}

/**
 * The key that makes nicknames unique (docs/product.md#nicknames): NFKC (full-width and other
 * compatibility forms), full case folding (upper then lower: ß → ss, ı → i), then the UTS #39
 * confusable skeleton, so `оrchard_admin` (Cyrillic о), `ｏｒｃｈａｒｄ_admin` and `orchard_admın`
 * are one name with `orchard_admin`.
 */
export function nicknameKey(nickname: string): string {
  const folded = nickname.normalize('NFKC').toUpperCase().toLowerCase().normalize('NFD');
  let skeleton = '';
  for (const char of folded) skeleton += confusablePrototypes[char] ?? char;
  // A dot above i or j is the dot they already have (İ folds to i + U+0307).
  return skeleton.normalize('NFD').replace(/([ij])\u0307/g, '$1').normalize('NFC');
}

/** Words that pose as staff, in every language the app speaks; their keys are reserved. */
const staffWords = [
  'orchard', 'admin', 'administrator', 'operator', 'moderator', 'official', 'staff', 'support', 'helpdesk',
  '운영자', '관리자', '오차드', '운영팀', '고객센터', '공식',
  'オペレーター', '管理者', '運営', 'オーチャード', 'サポート', '公式',
  '运营', '管理员', '客服', '官方', '運營', '管理員',
  'administrador', 'operador', 'soporte', 'moderador', 'oficial', 'soporte',
];

/** `l` and `i` pass for each other once case is gone (I/l/1); the reserved check treats them as one. */
const reservedProbe = (key: string) => key.replace(/[_.]/g, '').replace(/l/g, 'i');
const reservedProbes = staffWords.map((word) => reservedProbe(nicknameKey(word)));

/** True when a nickname contains a staff-like word, in any script or disguise. */
export function isReservedNickname(nickname: string): boolean {
  const probe = reservedProbe(nicknameKey(nickname));
  return reservedProbes.some((word) => probe.includes(word));
}

export function nicknameProblem(raw: string): NicknameProblem | null {
  const nickname = normalizeNickname(raw);
  const length = [...nickname].length;
  if (length < nicknameMinLength) return 'too_short';
  if (length > nicknameMaxLength) return 'too_long';
  if (!nicknamePattern.test(nickname)) return 'invalid_characters';
  return null;
}

/**
 * Accepts any string of sane size; the rules are checked by the service so the answer carries a
 * code (control characters are `invalid_characters` there, so none reaches the database).
 */
export const nicknameInputSchema = z.string().max(200);
