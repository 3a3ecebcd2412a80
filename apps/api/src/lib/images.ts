import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import { AppError } from './errors.ts';

/** Raster formats users may upload; SVG, HEIC and everything else are refused (docs/quality.md#s6). */
const acceptedImageTypes = new Set(['image/jpeg', 'image/png', 'image/webp', 'image/gif']);

/**
 * Decoding budget: about 40 megapixels (a large phone photo). A pixel flood (a few KB of PNG
 * that claims 30000 × 30000) is refused from its header before anything is decoded.
 */
export const maxInputPixels = 40_000_000;

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
  try {
    let pipeline = sharp(bytes, { limitInputPixels: maxInputPixels, failOn: 'error', animated: false }).autoOrient();
    const region = regionWithinShape(upright, target);
    if (region) pipeline = pipeline.extract(region);
    return await pipeline
      .resize(target.width, target.height, { fit: 'cover', position: 'attention' })
      .webp({ quality: target.quality ?? 82 })
      .toBuffer();
  } catch {
    throw invalidImage();
  }
}

/**
 * The same checks and re-encoding as `reencodeImageAsWebp`, for a picture that must be seen whole
 * (an inquiry's screenshot): never cropped, only shrunk to fit within `maxSide` × `maxSide`, never
 * enlarged, so an extreme shape costs no more than its own pixels.
 */
export async function reencodeImageWithinAsWebp(bytes: Buffer, maxSide: number, quality = 82): Promise<Buffer> {
  await checkedUprightSize(bytes);
  try {
    return await sharp(bytes, { limitInputPixels: maxInputPixels, failOn: 'error', animated: false })
      .autoOrient()
      .resize(maxSide, maxSide, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality })
      .toBuffer();
  } catch {
    throw invalidImage();
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
