import exifReader from 'exif-reader';
import sharp from 'sharp';

/** When and where a photo says it was taken, from its EXIF; each part null when the file does not say. */
export type PhotoCapture = { capturedAt: Date | null; latitude: number | null; longitude: number | null };

const kstOffset = '+09:00';

/**
 * Reads a photo's capture time and place from its EXIF block (JPEG, PNG and WebP carry one), with
 * `exif-reader` on the bytes sharp finds, before any re-encode drops them. Only the header is read.
 * - The time is `DateTimeOriginal` at its `OffsetTimeOriginal`. Without an offset it is read as KST:
 *   the camera's clock is local time, and the media are in Korea (decision 108).
 * - The place is the GPS latitude and longitude, degrees-minutes-seconds with their hemisphere.
 * A malformed or absent block is no capture data, never an error: the operator then gives the time.
 */
export async function photoCaptureOf(bytes: Buffer): Promise<PhotoCapture> {
  const none: PhotoCapture = { capturedAt: null, latitude: null, longitude: null };
  let block: Buffer | undefined;
  try {
    block = (await sharp(bytes).metadata()).exif;
  } catch {
    return none;
  }
  if (!block) return none;
  let tags: ReturnType<typeof exifReader>;
  try {
    tags = exifReader(block);
  } catch {
    return none;
  }
  return {
    capturedAt: captureTimeOf(tags.Photo?.DateTimeOriginal, tags.Photo?.OffsetTimeOriginal),
    ...placeOf(tags.GPSInfo),
  };
}

/** exif-reader hands the wall-clock time as if it were UTC; the offset says what it really was. */
function captureTimeOf(wallClock: Date | undefined, offset: string | undefined): Date | null {
  if (!(wallClock instanceof Date) || Number.isNaN(wallClock.getTime())) return null;
  const match = /^([+-])(\d{2}):(\d{2})$/.exec(typeof offset === 'string' && offset.trim() ? offset.trim() : kstOffset);
  if (!match) return null;
  const minutes = (match[1] === '-' ? -1 : 1) * (Number(match[2]) * 60 + Number(match[3]));
  if (Math.abs(minutes) > 14 * 60) return null;
  return new Date(wallClock.getTime() - minutes * 60_000);
}

type Gps = { GPSLatitude?: number[]; GPSLatitudeRef?: string; GPSLongitude?: number[]; GPSLongitudeRef?: string };

function placeOf(gps: Gps | undefined): { latitude: number | null; longitude: number | null } {
  const latitude = degreesOf(gps?.GPSLatitude, gps?.GPSLatitudeRef, 'S', 90);
  const longitude = degreesOf(gps?.GPSLongitude, gps?.GPSLongitudeRef, 'W', 180);
  return latitude === null || longitude === null ? { latitude: null, longitude: null } : { latitude, longitude };
}

function degreesOf(parts: number[] | undefined, hemisphere: string | undefined, negative: 'S' | 'W', limit: number): number | null {
  if (!Array.isArray(parts) || parts.length !== 3 || !parts.every((part) => Number.isFinite(part) && part >= 0)) return null;
  const [degrees, minutes, seconds] = parts as [number, number, number];
  const value = degrees + minutes / 60 + seconds / 3600;
  if (value > limit) return null;
  // Six decimals: about 0.1 m, finer than any phone's fix; the chain hashes the value as stored.
  return Math.round((hemisphere?.trim().toUpperCase() === negative ? -value : value) * 1e6) / 1e6;
}
