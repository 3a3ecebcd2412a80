import fc from 'fast-check';
import sharp from 'sharp';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { profilePictureSize } from '@orchard/shared';
import { thumbnailSize } from '../modules/projects/projects.service.ts';
import { pixelFloodPng } from '../../test/uploads-kit.ts';
import { encodingPipelineOf, resizeInput, shrinksOnLoad, spy } from '../../test/sharp-spy.ts';
import { maxConcurrentDecodes, maxInputPixels, maxShapeStretch, reencodeImageAsWebp, reencodeImageWithinAsWebp, regionWithinShape } from './images.ts';

vi.mock('sharp', async (original) => (await import('../../test/sharp-spy.ts')).spiedSharp(await original()));

beforeEach(() => spy.reset());

describe('the shape bound before the resize (docs/quality.md#s6)', () => {
  it('keeps any source within the stretch of the target shape, so the cover resize handles a bounded number of pixels', () => {
    const side = fc.integer({ min: 1, max: 40_000 });
    // The targets in use: profile pictures, then thumbnails and execution photos.
    const targets = fc.constantFrom({ width: profilePictureSize, height: profilePictureSize }, thumbnailSize);
    fc.assert(
      fc.property(side, side, targets, (width, height, target) => {
        const region = regionWithinShape({ width, height }, target) ?? { left: 0, top: 0, width, height };
        expect(region.left + region.width).toBeLessThanOrEqual(width);
        expect(region.top + region.height).toBeLessThanOrEqual(height);
        // What `fit: cover` resizes the region to before it crops.
        const scale = Math.max(target.width / region.width, target.height / region.height);
        const resized = Math.ceil(region.width * scale) * Math.ceil(region.height * scale);
        expect(resized).toBeLessThanOrEqual(target.width * target.height * (maxShapeStretch + 1));
      }),
    );
  });

  it('measures the shape upright: a 4000 × 1 JPEG turned by its EXIF orientation is cropped along its upright height before the resize', async () => {
    const sideways = await sharp({ create: { width: 4000, height: 1, channels: 3, background: '#ff7a45' } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();
    expect((await sharp(sideways).metadata()).autoOrient).toEqual({ width: 1, height: 4000 });
    const target = { width: 512, height: 512 };
    const picture = await reencodeImageAsWebp(sideways, target);
    expect(await sharp(picture).metadata()).toMatchObject({ format: 'webp', width: 512, height: 512 });
    // The resize is handed the bounded upright crop, not the 1 × 4000 strip it would blow up to 512 × 2,048,000.
    const options = encodingPipelineOf(sideways);
    expect(options.orientBefore).toBe(true);
    expect(resizeInput(options, { width: 1, height: 4000 })).toEqual({ width: 1, height: regionWithinShape({ width: 1, height: 4000 }, target)!.height });
  });
});

/** A 40-megapixel camera-like JPEG (baseline, 4:2:0), made here rather than committed. */
async function fortyMegapixelJpeg() {
  const [width, height] = [7744, 5164];
  const grain = await sharp({ create: { width: width / 8, height: height / 4, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 50 } } }).png().toBuffer();
  return sharp(grain).resize(width, height).jpeg({ quality: 90 }).toBuffer();
}

describe('the decode budget of an upload (docs/architecture.md#uploads)', () => {
  it('decodes a 40-megapixel JPEG at the size kept: the pixel cap is given to libvips and the resize comes first, so it shrinks on load', async () => {
    const photo = await fortyMegapixelJpeg();
    for (const encode of [() => reencodeImageWithinAsWebp(photo, 2560), () => reencodeImageAsWebp(photo, thumbnailSize)]) {
      spy.reset();
      const encoded = await encode();
      expect((await sharp(encoded).metadata()).format).toBe('webp');
      const options = encodingPipelineOf(photo);
      expect(options.input).toMatchObject({ limitInputPixels: maxInputPixels, sequentialRead: true, failOn: 'error', autoOrient: true });
      expect(shrinksOnLoad(options)).toBe(true);
    }
  });

  it('refuses an image over the pixel cap from its header, before any pipeline decodes it', async () => {
    const over = pixelFloodPng();
    await expect(reencodeImageWithinAsWebp(over, 2560)).rejects.toMatchObject({ statusCode: 422, code: 'uploads.dimensions_too_large' });
    expect(spy.pipelines.filter(({ options }) => options.width > 0)).toEqual([]);
  });

  it(`runs at most ${maxConcurrentDecodes} decodes at once and queues the rest, each still answered`, async () => {
    const photos = await Promise.all(
      Array.from({ length: 3 * maxConcurrentDecodes + 1 }, (_, index) =>
        sharp({ create: { width: 800 + index, height: 600, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 40 } } })
          .jpeg()
          .toBuffer(),
      ),
    );
    spy.reset();
    const encoded = await Promise.all(photos.map((photo, index) => (index % 2 ? reencodeImageAsWebp(photo, thumbnailSize) : reencodeImageWithinAsWebp(photo, 1280))));
    expect(encoded).toHaveLength(photos.length);
    expect(spy.peakEncoding).toBe(maxConcurrentDecodes);
  });

  it('frees its place in the queue when a decode fails', async () => {
    const cut = (await sharp({ create: { width: 300, height: 300, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 40 } } }).jpeg().toBuffer()).subarray(0, 400);
    const failures = await Promise.allSettled(Array.from({ length: maxConcurrentDecodes + 1 }, () => reencodeImageWithinAsWebp(cut, 1280)));
    expect(failures.map((failure) => failure.status)).toEqual(failures.map(() => 'rejected'));
    const fine = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#fff' } }).png().toBuffer();
    expect((await sharp(await reencodeImageWithinAsWebp(fine, 1280)).metadata()).width).toBe(64);
  });
});
