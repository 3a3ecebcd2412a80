/** The thumbnail's size after the crop: 4 : 3, as the server stores it (docs/product.md#creation). */
export const thumbnailWidth = 1200;
export const thumbnailHeight = 900;
export const thumbnailAspect = thumbnailWidth / thumbnailHeight;
/**
 * Larger files are refused before they are read, at the server's own limit (a test keeps the two
 * equal; importing the shared schemas here would pull Zod into the route chunk).
 */
export const thumbnailMaxBytes = 10 * 1024 * 1024;

const imageSignatures: { type: string; matches(bytes: Uint8Array): boolean }[] = [
  { type: 'image/jpeg', matches: (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  { type: 'image/png', matches: (b) => b[0] === 0x89 && b[1] === 0x50 && b[2] === 0x4e && b[3] === 0x47 },
  {
    type: 'image/webp',
    matches: (b) =>
      b[0] === 0x52 && b[1] === 0x49 && b[2] === 0x46 && b[3] === 0x46 && b[8] === 0x57 && b[9] === 0x45 && b[10] === 0x42 && b[11] === 0x50,
  },
];

export type ImageCheck = { ok: true } | { ok: false; problem: 'notImage' | 'tooLarge' | 'empty' };

/**
 * Only a JPEG, PNG or WebP picture is taken: the declared type and the file's first bytes must
 * agree, so an SVG, a renamed document or a script with an image name is refused before upload.
 * The server checks again and re-encodes what it keeps.
 */
export async function checkImageFile(file: File): Promise<ImageCheck> {
  if (file.size === 0) return { ok: false, problem: 'empty' };
  if (file.size > thumbnailMaxBytes) return { ok: false, problem: 'tooLarge' };
  const signature = imageSignatures.find((candidate) => candidate.type === file.type);
  if (!signature) return { ok: false, problem: 'notImage' };
  const head = new Uint8Array(await file.slice(0, 12).arrayBuffer());
  return signature.matches(head) ? { ok: true } : { ok: false, problem: 'notImage' };
}

export type PixelArea = { x: number; y: number; width: number; height: number };

/** Draws the chosen area of the picture onto a 1200 × 900 canvas and encodes it as JPEG. */
export async function cropToThumbnail(source: Blob, area: PixelArea): Promise<Blob> {
  const bitmap = await createImageBitmap(source);
  const canvas = document.createElement('canvas');
  canvas.width = thumbnailWidth;
  canvas.height = thumbnailHeight;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('Canvas 2D is not available');
  context.drawImage(bitmap, area.x, area.y, area.width, area.height, 0, 0, thumbnailWidth, thumbnailHeight);
  bitmap.close();
  return new Promise((resolve, reject) => canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('Encoding failed'))), 'image/jpeg', 0.9));
}
