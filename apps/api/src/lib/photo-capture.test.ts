import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { capturedPhoto, photoJpeg } from '../../test/projects-kit.ts';
import { photoCaptureOf } from './photo-capture.ts';

describe('photoCaptureOf: when and where a photo says it was taken (decision 108)', () => {
  it('reads DateTimeOriginal at its offset, and the GPS place with its hemispheres', async () => {
    const takenAt = new Date('2026-03-09T01:23:45Z');
    expect(await photoCaptureOf(await capturedPhoto({ takenAt, offset: '+09:00', place: { latitude: 37.497942, longitude: 127.027621 } }))).toEqual({
      capturedAt: takenAt,
      latitude: 37.497942,
      longitude: 127.027621,
    });
    const west = await photoCaptureOf(await capturedPhoto({ takenAt, offset: '-05:00', place: { latitude: -33.856784, longitude: -151.215297 } }));
    expect(west).toEqual({ capturedAt: takenAt, latitude: -33.856784, longitude: -151.215297 });
  });

  it('reads a time without an offset as KST, the wall clock of the media', async () => {
    const takenAt = new Date('2026-03-09T01:23:45Z');
    expect((await photoCaptureOf(await capturedPhoto({ takenAt, offset: null }))).capturedAt).toEqual(takenAt);
  });

  it('says nothing, never fails, for a photo without EXIF, an EXIF block without time or place, and bytes that are no image', async () => {
    const none = { capturedAt: null, latitude: null, longitude: null };
    expect(await photoCaptureOf(await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } }).png().toBuffer())).toEqual(none);
    expect(await photoCaptureOf(await photoJpeg(64, 64))).toEqual(none);
    expect(await photoCaptureOf(Buffer.from('not an image'))).toEqual(none);
    expect(await photoCaptureOf(Buffer.alloc(0))).toEqual(none);
  });

  it('refuses an offset beyond ±14:00 as no time at all', async () => {
    expect((await photoCaptureOf(await capturedPhoto({ takenAt: new Date('2026-03-09T01:23:45Z'), offset: '+15:00' }))).capturedAt).toBeNull();
  });
});
