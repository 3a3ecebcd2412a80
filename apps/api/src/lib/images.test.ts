import fc from 'fast-check';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { profilePictureSize } from '@orchard/shared';
import { thumbnailSize } from '../modules/projects/projects.service.ts';
import { maxShapeStretch, reencodeImageAsWebp, regionWithinShape } from './images.ts';

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

  it('measures the shape upright: a 4000 × 1 JPEG turned by its EXIF orientation is cropped along its upright height', async () => {
    const sideways = await sharp({ create: { width: 4000, height: 1, channels: 3, background: '#ff7a45' } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();
    expect((await sharp(sideways).metadata()).autoOrient).toEqual({ width: 1, height: 4000 });
    const began = performance.now();
    const picture = await reencodeImageAsWebp(sideways, { width: 512, height: 512 });
    expect(performance.now() - began).toBeLessThan(1000);
    expect(await sharp(picture).metadata()).toMatchObject({ format: 'webp', width: 512, height: 512 });
  });
});
