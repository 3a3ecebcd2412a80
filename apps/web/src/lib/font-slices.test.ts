import { describe, expect, it } from 'vitest';
import { fontSlicesFor } from './font-slices.ts';

const css = [
  "@font-face{font-family:'Pretendard Variable';src:url(/assets/latin.woff2) format('woff2-variations');unicode-range:U+0-ff,U+131}",
  "@font-face{font-family:'Pretendard Variable';src:url(/assets/hangul-a.woff2) format('woff2-variations');unicode-range:U+ac00-ac10, U+ac20}",
  "@font-face{font-family:'Pretendard Variable';src:url('/assets/hangul-b.woff2') format('woff2-variations');unicode-range:U+d7??}",
  "@font-face{font-family:'Pretendard Variable';src:url(/assets/cjk.woff2) format('woff2-variations');unicode-range:U+4e00-9fff}",
].join('\n');

describe('the font slices a text uses (decision 044)', () => {
  it('names each slice whose unicode-range covers a character of the text, in the stylesheet order', () => {
    expect(fontSlicesFor(css, 'Orchard 가')).toEqual(['/assets/latin.woff2', '/assets/hangul-a.woff2']);
    expect(fontSlicesFor(css, '\ud7a3')).toEqual(['/assets/hangul-b.woff2']);
    expect(fontSlicesFor(css, '가\uac20')).toEqual(['/assets/hangul-a.woff2']);
  });

  it('names none for a text no slice covers', () => {
    expect(fontSlicesFor(css, '')).toEqual([]);
    expect(fontSlicesFor(css, 'ぁ')).toEqual([]);
  });
});
