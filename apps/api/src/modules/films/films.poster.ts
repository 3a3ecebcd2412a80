import { spawn } from 'node:child_process';
import { artistHue } from '@orchard/shared/film-rules';
import sharp from 'sharp';

/** A poster's size: 16:9, enough for a list card and the player's frame at 375 px on a 2× screen. */
export const posterWidth = 640;
export const posterHeight = 360;
const decoderTimeoutMs = 15_000;
const maxFrameBytes = 32 * 1024 * 1024;

const escapeXml = (text: string) =>
  text.replace(/[&<>"']/g, (character) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[character]!);

/** Up to three lines of about `width` characters; the last ends with an ellipsis when cut. */
export function wrapTitle(title: string, width = 16, lines = 3): string[] {
  const characters = [...title];
  const out: string[] = [];
  for (let at = 0; at < characters.length && out.length < lines; at += width) out.push(characters.slice(at, at + width).join(''));
  if (characters.length > width * lines) out[lines - 1] = `${[...out[lines - 1]!].slice(0, width - 1).join('')}…`;
  return out;
}

/**
 * The poster of a film without a decodable first frame (docs/decisions/074-films.md): an SVG built
 * here from the title and the artist's name on the artist's colour, every text XML-escaped, then
 * rasterised by sharp into a WebP (the SVG itself is never stored or served).
 */
export function posterSvg(title: string, artistName: string, artistId: number): string {
  const hue = artistHue(artistId);
  const lines = wrapTitle(title);
  const text = lines
    .map((line, index) => `<text x="40" y="${150 + index * 56 - (lines.length - 1) * 28}" font-size="44" font-weight="700" fill="#fff">${escapeXml(line)}</text>`)
    .join('');
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${posterWidth}" height="${posterHeight}" viewBox="0 0 ${posterWidth} ${posterHeight}">`,
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${hue},70%,52%)"/><stop offset="1" stop-color="hsl(${(hue + 40) % 360},70%,30%)"/></linearGradient></defs>`,
    `<rect width="100%" height="100%" fill="url(#g)"/>`,
    `<g font-family="Noto Sans CJK KR, Noto Sans, sans-serif">${text}`,
    `<text x="40" y="318" font-size="26" fill="#fff" fill-opacity="0.85">${escapeXml([...artistName].slice(0, 40).join(''))}</text></g>`,
    `<circle cx="${posterWidth - 70}" cy="${posterHeight - 70}" r="34" fill="#fff" fill-opacity="0.9"/>`,
    `<path d="M${posterWidth - 80} ${posterHeight - 88} l28 18 l-28 18 z" fill="hsl(${hue},70%,40%)"/>`,
    '</svg>',
  ].join('');
}

export async function generatedPoster(title: string, artistName: string, artistId: number): Promise<Buffer> {
  return sharp(Buffer.from(posterSvg(title, artistName, artistId)), { limitInputPixels: posterWidth * posterHeight * 4 })
    .webp({ quality: 80 })
    .toBuffer();
}

/** Whether `ffmpeg` answers on this machine (checked once per process). */
let decoderAvailable: Promise<boolean> | null = null;
export function hasDecoder(): Promise<boolean> {
  decoderAvailable ??= new Promise((resolve) => {
    const child = spawn('ffmpeg', ['-version'], { stdio: 'ignore' });
    child.on('error', () => resolve(false));
    child.on('exit', (code) => resolve(code === 0));
  });
  return decoderAvailable;
}

/**
 * The first frame of an MP4 that already passed the box reader, as a WebP of the poster's size,
 * or null when ffmpeg fails, takes too long or writes too much (the generated poster then stands in).
 */
export async function firstFramePoster(videoPath: string): Promise<Buffer | null> {
  const frame = await new Promise<Buffer | null>((resolve) => {
    const child = spawn('ffmpeg', ['-nostdin', '-v', 'error', '-i', videoPath, '-frames:v', '1', '-f', 'image2pipe', '-vcodec', 'png', '-'], {
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    const chunks: Buffer[] = [];
    let bytes = 0;
    const timer = setTimeout(() => child.kill('SIGKILL'), decoderTimeoutMs);
    child.stdout.on('data', (chunk: Buffer) => {
      bytes += chunk.length;
      if (bytes > maxFrameBytes) child.kill('SIGKILL');
      else chunks.push(chunk);
    });
    child.on('error', () => {
      clearTimeout(timer);
      resolve(null);
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve(code === 0 && bytes > 0 && bytes <= maxFrameBytes ? Buffer.concat(chunks) : null);
    });
  });
  if (!frame) return null;
  try {
    return await sharp(frame, { limitInputPixels: 8192 * 8192 })
      .resize(posterWidth, posterHeight, { fit: 'cover' })
      .webp({ quality: 80 })
      .toBuffer();
  } catch {
    return null;
  }
}
