import sharp from 'sharp';
import { artistSearchKey, type LocalizedName } from '@orchard/shared';
import type { DbOrTx } from '../../db/client.ts';
import type { FileStore } from '../../lib/storage.ts';
import { artistMembers, artists } from './artists.table.ts';

type SampleArtist = { type: 'solo' | 'group'; names: LocalizedName; color: string; members?: LocalizedName[] };

const n = (ko: string, en: string, zh: string, ja: string, es: string): LocalizedName => ({ ko, en, zh, ja, es });

/** Fictional artists only: every name below is invented for Orchard's sample data. */
export const sampleArtists: SampleArtist[] = [
  {
    type: 'group',
    names: n('루미나', 'LUMINA', '流明娜', 'ルミナ', 'LUMINA'),
    color: '#ff7a45',
    members: [n('하린', 'Harin', '夏琳', 'ハリン', 'Harin'), n('소율', 'Soyul', '素律', 'ソユル', 'Soyul'), n('예나', 'Yena', '艺娜', 'イェナ', 'Yena'), n('다온', 'Daon', '多温', 'ダオン', 'Daon')],
  },
  {
    type: 'group',
    names: n('스텔라 노바', 'Stella Nova', '星辰新星', 'ステラ・ノヴァ', 'Stella Nova'),
    color: '#5b8def',
    members: [n('준우', 'Junwoo', '俊宇', 'ジュヌ', 'Junwoo'), n('시안', 'Sian', '诗安', 'シアン', 'Sian'), n('태오', 'Taeo', '泰午', 'テオ', 'Taeo'), n('로한', 'Rohan', '路翰', 'ロハン', 'Rohan'), n('은호', 'Eunho', '恩浩', 'ウノ', 'Eunho')],
  },
  {
    type: 'group',
    names: n('오렌지 블라썸', 'Orange Blossom', '橙花', 'オレンジ・ブロッサム', 'Flor de Azahar'),
    color: '#f5a623',
    members: [n('채원', 'Chaewon', '彩媛', 'チェウォン', 'Chaewon'), n('미소', 'Miso', '美笑', 'ミソ', 'Miso'), n('나래', 'Narae', '娜莱', 'ナレ', 'Narae')],
  },
  {
    type: 'group',
    names: n('블루 하버', 'Blue Harbor', '蓝色港湾', 'ブルー・ハーバー', 'Puerto Azul'),
    color: '#2bb3c0',
    members: [n('도윤', 'Doyun', '道允', 'ドユン', 'Doyun'), n('현', 'Hyun', '贤', 'ヒョン', 'Hyun')],
  },
  {
    type: 'group',
    names: n('이클립스', 'ECLIPSE', '日蚀', 'イクリプス', 'ECLIPSE'),
    color: '#6c4bd8',
    members: [n('레오', 'Leo', '雷奥', 'レオ', 'Leo'), n('카이로', 'Kairo', '凯洛', 'カイロ', 'Kairo'), n('제이', 'Jay', '杰伊', 'ジェイ', 'Jay'), n('빈', 'Bin', '彬', 'ビン', 'Bin'), n('산', 'San', '山', 'サン', 'San'), n('유노', 'Yuno', '由诺', 'ユノ', 'Yuno')],
  },
  { type: 'solo', names: n('서하윤', 'Seo Hayun', '徐夏允', 'ソ・ハユン', 'Seo Hayun'), color: '#e4577b' },
  { type: 'solo', names: n('강리오', 'Kang Rio', '姜利奥', 'カン・リオ', 'Kang Rio'), color: '#3a9d5d' },
  { type: 'solo', names: n('마리솔', 'Marisol', '玛丽索', 'マリソル', 'Marisol'), color: '#d9534f' },
  { type: 'solo', names: n('아이라', 'Aira', '爱拉', 'アイラ', 'Aira'), color: '#8e6cc9' },
  { type: 'solo', names: n('윤슬', 'Yunseul', '润瑟', 'ユンスル', 'Yunseul'), color: '#4aa3df' },
  { type: 'solo', names: n('조엘 베가', 'Joël Vega', '乔尔·维加', 'ジョエル・ベガ', 'Joël Vega'), color: '#c0772b' },
  { type: 'solo', names: n('한별', 'Hanbyeol', '韩星', 'ハンビョル', 'Hanbyeol'), color: '#1f7a8c' },
];

function initials(name: string): string {
  const words = name.split(/\s+/).filter(Boolean);
  const letters = words.length > 1 ? words.slice(0, 2).map((word) => [...word][0]) : [...(words[0] ?? '?')].slice(0, 2);
  return letters.join('').toUpperCase();
}

/** A generated avatar: the artist's initials on its colour, rendered to WebP. */
export async function renderAvatar(label: string, color: string): Promise<Buffer> {
  const escaped = label.replace(/[<>&"']/g, '');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${color}"/><stop offset="1" stop-color="#1d1d2b"/></linearGradient></defs>
    <rect width="256" height="256" fill="url(#g)"/>
    <text x="128" y="150" font-family="DejaVu Sans, Arial, sans-serif" font-size="84" font-weight="700" fill="#fff" text-anchor="middle">${escaped}</text>
  </svg>`;
  return sharp(Buffer.from(svg)).webp({ quality: 82 }).toBuffer();
}

/**
 * The sample artists, with their avatars, into an empty artists table (first start, `npm run seed`).
 * Answers whether it loaded them: a table that has any artist is left as it is.
 */
export async function seedSampleArtistsIfEmpty(db: DbOrTx, files: FileStore): Promise<boolean> {
  if ((await db.select({ id: artists.id }).from(artists).limit(1)).length > 0) return false;
  for (const sample of sampleArtists) {
    const image = await renderAvatar(initials(sample.names.en), sample.color);
    const imagePath = await files.save('artists', 'webp', image);
    const allNames = [sample.names, ...(sample.members ?? [])].flatMap((names) => Object.values(names));
    const [row] = await db
      .insert(artists)
      .values({ type: sample.type, names: sample.names, searchText: artistSearchKey(allNames), imagePath })
      .returning({ id: artists.id });
    if (sample.members && row) {
      await db.insert(artistMembers).values(sample.members.map((names, position) => ({ artistId: row.id, names, position })));
    }
  }
  return true;
}
