import { confusableRows } from './confusables.ts';

/**
 * Which nicknameKey() made a stored key (`users.nickname_key_version`). Bump it whenever the key
 * changes (the pipeline or the confusables table): the API recomputes older keys at start.
 * 1: NFC + lower case; 2: NFKC + case fold + a hand-picked part of the table; 3: the whole table.
 */
export const nicknameKeyVersion = 3;

let prototypes: Map<string, string> | undefined;

/** The table as a map, built on first use: code point → its prototype. */
function prototypeMap(): Map<string, string> {
  if (!prototypes) {
    prototypes = new Map();
    for (const row of confusableRows.trim().split('\n')) {
      const [source, prototype] = row.split('>') as [string, string];
      const codePoints = (hex: string) => hex.split(' ').map((point) => parseInt(point, 16));
      prototypes.set(String.fromCodePoint(...codePoints(source)), String.fromCodePoint(...codePoints(prototype)));
    }
  }
  return prototypes;
}

const defaultIgnorable = /\p{Default_Ignorable_Code_Point}/gu;

/**
 * The UTS #39 skeleton: NFD, default-ignorable code points (Hangul fillers, variation selectors)
 * removed, each code point replaced by its prototype in the confusables table, NFD again.
 */
export function confusableSkeleton(text: string): string {
  const table = prototypeMap();
  let skeleton = '';
  for (const char of text.normalize('NFD').replace(defaultIgnorable, '')) skeleton += table.get(char) ?? char;
  return skeleton.normalize('NFD');
}

/** NFKC (full-width and other compatibility forms), then full case folding (ß → ss, ı → i, İ → i + U+0307). */
const foldCase = (text: string) => text.normalize('NFKC').toUpperCase().toLowerCase();

/**
 * The key that makes nicknames unique (docs/product.md#nicknames;
 * docs/decisions/032-nickname-keys-with-confusable-skeletons.md): NFKC and case folding, then the
 * UTS #39 skeleton, repeated until nothing changes (a prototype may be upper case, `0` → `O`, or
 * lose to NFKC), then NFC. So `оrchard_admin` (Cyrillic о), `ｏｒｃｈａｒｄ_admin`, `orchard_admın` and
 * `0rchard_adrnin` are one name, and so are `オペレ一ター` (CJK 一) and `オペレーター`.
 */
export function nicknameKey(nickname: string): string {
  let key = nickname;
  // Every row of the table reaches its fixed point within three changing rounds (the shared tests
  // check each one); eight is a bound, not a need.
  for (let round = 0; round < 8; round += 1) {
    // A dot above i or j is the dot they already have (İ folds to i + U+0307).
    const next = confusableSkeleton(foldCase(key)).replace(/([ij])\u0307/g, '$1');
    if (next === key) break;
    key = next;
  }
  return key.normalize('NFC');
}

/** Words that pose as staff, in every language the app speaks; their keys are reserved. */
const staffWords = [
  'orchard', 'admin', 'administrator', 'operator', 'moderator', 'official', 'staff', 'support', 'helpdesk',
  '운영자', '관리자', '오차드', '운영팀', '고객센터', '공식',
  'オペレーター', '管理者', '運営', 'オーチャード', 'サポート', '公式',
  '运营', '管理员', '客服', '官方', '運營', '管理員',
  'administrador', 'operador', 'soporte', 'moderador', 'oficial',
];

/**
 * `l` and `i` pass for each other once case is gone (I/l/1); the reserved check treats them as one.
 * NFD, so that a staff word's Hangul syllables need not compose the same way inside a longer name;
 * then every combining mark removed, since `oŕchard` or `adm̀in` still reads as the staff word
 * (docs/decisions/032-nickname-keys-with-confusable-skeletons.md). The key itself keeps its marks.
 */
const reservedProbe = (key: string) => key.normalize('NFD').replace(/\p{M}/gu, '').replace(/[_.]/g, '').replace(/l/g, 'i');
let reservedProbes: string[] | undefined;

/**
 * True when a nickname contains a staff-like word, in any script or disguise. Some capitals pass
 * for Latin ones while their small letters do not (Cyrillic М and м, Greek Η and η), and the key
 * folds case first; so the name is also tried with the skeleton taken before folding (АDМIN).
 */
export function isReservedNickname(nickname: string): boolean {
  const words = (reservedProbes ??= staffWords.map((word) => reservedProbe(nicknameKey(word))));
  const keys = [nicknameKey(nickname), nicknameKey(confusableSkeleton(nickname.normalize('NFKC')))];
  return keys.some((key) => {
    const probe = reservedProbe(key);
    return words.some((word) => probe.includes(word));
  });
}
