import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { artistHue } from '@orchard/shared/film-rules';
import { firstFramePoster, generatedPoster, hasDecoder, posterSvg, wrapTitle } from './films.poster.ts';

const fixture = path.join(import.meta.dirname, '../../../test/fixtures/film.mp4');

describe('film posters', () => {
  it('generates a 640 × 360 WebP from the title and the artist, whatever the text holds', async () => {
    const poster = await generatedPoster('지하철 광고 <script>alert(1)</script> & "quotes"', '루미나 & <Lumina>', 3);
    const meta = await sharp(poster).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 640, 360]);
  });

  it('escapes every text it puts in the SVG and wraps a long title into at most three lines', () => {
    const svg = posterSvg(`a"b'c<d>&e ${'x'.repeat(100)}`, '</text><script>', 1);
    expect(svg).not.toMatch(/<script|<d>|a"b/);
    expect(svg).toContain('a&quot;b&apos;c&lt;d&gt;&amp;e');
    expect(wrapTitle('x'.repeat(100))).toHaveLength(3);
    expect(wrapTitle('x'.repeat(100))[2]!.endsWith('…')).toBe(true);
    expect(artistHue(1)).not.toBe(artistHue(2));
  });

  it('takes the first frame through ffmpeg when the machine has it, and gives up (null) on what it cannot decode', async () => {
    const decoder = await hasDecoder();
    const frame = await firstFramePoster(fixture);
    if (decoder) {
      const meta = await sharp(frame!).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['webp', 640, 360]);
    } else {
      expect(frame).toBeNull();
    }
    const bad = path.join(import.meta.dirname, 'films.poster.test.ts');
    expect(await firstFramePoster(bad)).toBeNull();
  });
});
