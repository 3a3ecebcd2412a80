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
 * Turns untrusted upload bytes into a fresh WebP (docs/quality.md#s6): the type is sniffed from the bytes (the
 * client's name and MIME type are ignored), the image is decoded within a pixel budget, turned
 * upright by its EXIF orientation, cropped to cover the target, and re-encoded. sharp writes no
 * metadata unless asked, so EXIF (GPS), XMP and ICC comments never reach the stored file.
 */
export async function reencodeImageAsWebp(bytes: Buffer, target: ImageTarget): Promise<Buffer> {
  const sniffed = await fileTypeFromBuffer(bytes);
  if (!sniffed || !acceptedImageTypes.has(sniffed.mime)) {
    throw new AppError(415, 'uploads.unsupported_type', 'Upload a JPEG, PNG, WebP or GIF image.', {
      accepted: [...acceptedImageTypes],
    });
  }
  let width: number | undefined;
  let height: number | undefined;
  try {
    ({ width, height } = await sharp(bytes, { limitInputPixels: false }).metadata());
  } catch {
    throw invalidImage();
  }
  if (!width || !height) throw invalidImage();
  if (width * height > maxInputPixels) {
    throw new AppError(422, 'uploads.dimensions_too_large', 'The image has too many pixels.', {
      maxPixels: maxInputPixels,
    });
  }
  try {
    return await sharp(bytes, { limitInputPixels: maxInputPixels, failOn: 'error', animated: false })
      .rotate()
      .resize(target.width, target.height, { fit: 'cover', position: 'attention' })
      .webp({ quality: target.quality ?? 82 })
      .toBuffer();
  } catch {
    throw invalidImage();
  }
}

function invalidImage() {
  return new AppError(422, 'uploads.invalid_image', 'The image could not be read.');
}
