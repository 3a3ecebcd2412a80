import os from 'node:os';
import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import { AppError } from './errors.ts';

/** Raster formats users may upload; SVG, HEIC and everything else are refused (docs/quality.md#s6). */
export const acceptedImageTypes: ReadonlySet<string> = new Set(['image/jpeg', 'image/png', 'image/webp', 'image/gif']);

/**
 * Decoding budget: about 40 megapixels (a large phone photo). A pixel flood (a few KB of PNG
 * that claims 30000 × 30000) is refused from its header before anything is decoded.
 */
export const maxInputPixels = 40_000_000;

/**
 * How many uploads are decoded at once in this process; the rest wait their turn (docs/architecture.md#uploads).
 * One core is left to the event loop, so reads keep answering while photos are re-encoded.
 */
export const maxConcurrentDecodes = Math.max(1, os.availableParallelism() - 1);

/**
 * What every decode of an upload is given: the pixel budget checked again by libvips itself, a
 * refusal of a truncated or corrupt file rather than a grey guess, the first frame only, and a
 * sequential read, so a JPEG is decoded straight at the size kept (shrink-on-load, which libvips
 * applies when the resize is the pipeline's first operation) instead of at its full 40 megapixels.
 */
export const decodeOptions = { limitInputPixels: maxInputPixels, failOn: 'error', animated: false, sequentialRead: true } as const;

/**
 * WebP effort 1 of 0–6 for the large pictures kept whole: on a 40-megapixel photo kept at 2,560 px,
 * about half the CPU of the default 4 (0.5 s against 1.0 s, decode included) for a file of about
 * the same size (decision 087). The fixed-size crops (thumbnails, pictures, execution photos) keep
 * the default: at 1,200 × 900 or less it costs little, and a thumbnail is a landing page's largest
 * paint, where effort 1 pushed the demo's pictures past their 50 KB bound (demo/demo.test.ts).
 */
const webpEffort = 1;
const croppedWebpEffort = 4;

export type ImageTarget = { width: number; height: number; quality?: number };

/**
 * How far a source's shape may stray from its target's before the resize: a source wider or
 * taller than this many times the target's aspect ratio is first cropped (centred) to that limit.
 * Covering a 512 × 512 target, a 125-byte 1 × 4000 PNG was otherwise upscaled to 512 × 2,048,000
 * pixels, a minute of CPU and 3 GB; bounded, the resize never handles more than about this many
 * times the target's pixels, whatever the source's shape (docs/quality.md#s6).
 */
export const maxShapeStretch = 4;

/**
 * Turns untrusted upload bytes into a fresh WebP (docs/quality.md#s6): the type is sniffed from the bytes (the
 * client's name and MIME type are ignored), the image is decoded within a pixel budget, turned
 * upright by its EXIF orientation, cropped to a bounded shape, resized to cover the target, and
 * re-encoded. sharp writes no metadata unless asked, so EXIF (GPS), XMP and ICC comments never
 * reach the stored file.
 */
export async function reencodeImageAsWebp(bytes: Buffer, target: ImageTarget): Promise<Buffer> {
  const upright = await checkedUprightSize(bytes);
  const region = regionWithinShape(upright, target);
  return decoded(() => {
    let pipeline = sharp(bytes, decodeOptions).autoOrient();
    // Cropping first costs the shrink-on-load, so only a shape the cover resize would blow up is.
    if (region) pipeline = pipeline.extract(region);
    return pipeline
      .resize(target.width, target.height, { fit: 'cover', position: 'attention' })
      .webp({ quality: target.quality ?? 82, effort: croppedWebpEffort })
      .toBuffer();
  });
}

/**
 * The same checks and re-encoding as `reencodeImageAsWebp`, for a picture that must be seen whole
 * (an inquiry's screenshot): never cropped, only shrunk to fit within `maxSide` × `maxSide`, never
 * enlarged, so an extreme shape costs no more than its own pixels.
 */
export async function reencodeImageWithinAsWebp(bytes: Buffer, maxSide: number, quality = 82): Promise<Buffer> {
  await checkedUprightSize(bytes);
  return decoded(() =>
    sharp(bytes, decodeOptions)
      .autoOrient()
      .resize(maxSide, maxSide, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality, effort: webpEffort })
      .toBuffer(),
  );
}

let decoding = 0;
const waitingForDecode: (() => void)[] = [];

/** Runs one upload's decode when fewer than `maxConcurrentDecodes` are running, in the order they came; a failure is the client's unreadable image. */
async function decoded(work: () => Promise<Buffer>): Promise<Buffer> {
  if (decoding < maxConcurrentDecodes) decoding++;
  else await new Promise<void>((resolve) => waitingForDecode.push(resolve));
  try {
    return await work();
  } catch {
    throw invalidImage();
  } finally {
    // The slot passes straight to the next in line, or frees.
    const next = waitingForDecode.shift();
    if (next) next();
    else decoding--;
  }
}

/** The sniffed type and the header's upright size, refused before anything is decoded (docs/quality.md#s6). */
async function checkedUprightSize(bytes: Buffer): Promise<{ width: number; height: number }> {
  const sniffed = await fileTypeFromBuffer(bytes);
  if (!sniffed || !acceptedImageTypes.has(sniffed.mime)) {
    throw new AppError(415, 'uploads.unsupported_type', 'Upload a JPEG, PNG, WebP or GIF image.', {
      accepted: [...acceptedImageTypes],
    });
  }
  let upright: { width: number; height: number } | undefined;
  try {
    ({ autoOrient: upright } = await sharp(bytes, { limitInputPixels: false }).metadata());
  } catch {
    throw invalidImage();
  }
  if (!upright?.width || !upright.height) throw invalidImage();
  if (upright.width * upright.height > maxInputPixels) {
    throw new AppError(422, 'uploads.dimensions_too_large', 'The image has too many pixels.', {
      maxPixels: maxInputPixels,
    });
  }
  return { width: upright.width, height: upright.height };
}

/** The centred part of an upright `source` within `maxShapeStretch` of the target's shape, or undefined when all of it is. */
export function regionWithinShape(source: { width: number; height: number }, target: ImageTarget) {
  const widest = (target.width / target.height) * maxShapeStretch;
  const tallest = target.width / target.height / maxShapeStretch;
  const shape = source.width / source.height;
  if (shape > widest) {
    const width = Math.min(source.width, Math.max(1, Math.round(source.height * widest)));
    return { left: Math.floor((source.width - width) / 2), top: 0, width, height: source.height };
  }
  if (shape < tallest) {
    const height = Math.min(source.height, Math.max(1, Math.round(source.width / tallest)));
    return { left: 0, top: Math.floor((source.height - height) / 2), width: source.width, height };
  }
  return undefined;
}

function invalidImage() {
  return new AppError(422, 'uploads.invalid_image', 'The image could not be read.');
}
