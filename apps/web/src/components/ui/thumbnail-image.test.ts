import { projectThumbnailMaxBytes } from '@orchard/shared';
import { describe, expect, it } from 'vitest';
import { checkImageFile, thumbnailMaxBytes } from './thumbnail-image.ts';

const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]);
const jpeg = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46, 0, 1]);

describe('thumbnail files: only real JPEG, PNG or WebP pictures', () => {
  it('accepts a PNG and a JPEG whose bytes match their type', async () => {
    expect(await checkImageFile(new File([png], 'a.png', { type: 'image/png' }))).toEqual({ ok: true });
    expect(await checkImageFile(new File([jpeg], 'a.jpg', { type: 'image/jpeg' }))).toEqual({ ok: true });
  });

  it('refuses an SVG, a text file named like a picture, and a type that lies about the bytes', async () => {
    const svg = new File(['<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'], 'a.svg', { type: 'image/svg+xml' });
    expect(await checkImageFile(svg)).toEqual({ ok: false, problem: 'notImage' });
    expect(await checkImageFile(new File(['<?php echo 1;'], 'a.jpg.php', { type: 'application/x-php' }))).toEqual({ ok: false, problem: 'notImage' });
    expect(await checkImageFile(new File(['GIF89a....'], 'a.png', { type: 'image/png' }))).toEqual({ ok: false, problem: 'notImage' });
    expect(await checkImageFile(new File([png], 'a.jpg', { type: 'image/jpeg' }))).toEqual({ ok: false, problem: 'notImage' });
  });

  it('refuses an empty file and one over the limit before reading it', async () => {
    expect(thumbnailMaxBytes).toBe(projectThumbnailMaxBytes);
    expect(await checkImageFile(new File([], 'a.png', { type: 'image/png' }))).toEqual({ ok: false, problem: 'empty' });
    const big = new File([png, new Uint8Array(thumbnailMaxBytes)], 'big.png', { type: 'image/png' });
    expect(await checkImageFile(big)).toEqual({ ok: false, problem: 'tooLarge' });
  });
});
