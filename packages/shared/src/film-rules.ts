import { isYoutubeUrl } from './project-rules.ts';

/**
 * Film rules without zod (docs/product.md#films), for the web's bundle and the API alike; the
 * schemas in films.ts build on them.
 */

/** A film's title: 1–100 characters after trimming, one line. */
export const filmTitleMax = 100;
/** An uploaded film's default size limit (FILM_MAX_BYTES sets the server's). */
export const filmDefaultMaxBytes = 200 * 1024 * 1024;

/**
 * The colour of an artist's films without a picture of their own: the hue of the server's
 * generated posters and of the web's plain frame for a YouTube link, spread from the artist's id
 * (the golden angle), so neighbours differ.
 */
export function artistHue(artistId: number): number {
  return Math.round((artistId * 137.508) % 360);
}

/**
 * The video id of a YouTube link: https on youtube.com (`/watch?v=`, `/shorts/<id>`) or youtu.be
 * (`/<id>`); null for anything else. A video id is 11 characters of [A-Za-z0-9_-].
 */
export function youtubeIdOf(link: string): string | null {
  if (!isYoutubeUrl(link)) return null;
  const url = new URL(link);
  const host = url.hostname.toLowerCase();
  const segments = url.pathname.split('/').filter(Boolean);
  let candidate: string | null | undefined;
  if (host === 'youtu.be') candidate = segments.length === 1 ? segments[0] : null;
  else if (url.pathname === '/watch') candidate = url.searchParams.get('v');
  else if (segments.length === 2 && segments[0] === 'shorts') candidate = segments[1];
  return candidate && /^[A-Za-z0-9_-]{11}$/.test(candidate) ? candidate : null;
}
