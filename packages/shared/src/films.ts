import { z } from 'zod';
import { decimalIntegerParam } from './artists.ts';
import { isYoutubeUrl } from './project-rules.ts';
import { withoutControlCharacters } from './safe-text.ts';

/** docs/product.md#films: a film's title, 1–100 characters after trimming, one line. */
export const filmTitleMax = 100;
/** docs/product.md#films: an uploaded film's default size limit (FILM_MAX_BYTES sets the server's). */
export const filmDefaultMaxBytes = 200 * 1024 * 1024;
export const filmListLimitMax = 50;

/**
 * The video id of a YouTube link (docs/product.md#films): https on youtube.com (`/watch?v=`,
 * `/shorts/<id>`) or youtu.be (`/<id>`); null for anything else. A video id is 11 characters.
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

export const filmTitleSchema = z
  .string()
  .max(filmTitleMax * 4)
  .transform((value) => value.trim())
  .pipe(withoutControlCharacters(z.string().min(1).max(filmTitleMax)));

const artistIdField = z.union([z.number().int(), decimalIntegerParam(1, 2_147_483_647)]).pipe(z.number().int().min(1).max(2_147_483_647));

/** The fields of a film, as JSON (`POST /api/films`) or as multipart fields (`POST /api/films/uploads`, numbers as text). */
export const filmFieldsSchema = z.strictObject({
  title: filmTitleSchema,
  artistId: artistIdField,
  projectId: artistIdField.optional(),
});

export const youtubeFilmBodySchema = filmFieldsSchema.extend({
  youtubeUrl: z
    .string()
    .max(500)
    .transform((value) => value.trim())
    .refine((value) => youtubeIdOf(value) !== null, { message: 'Expected a YouTube watch, youtu.be or shorts link' }),
});
export type YoutubeFilmBody = z.infer<typeof youtubeFilmBodySchema>;
export type FilmFields = z.infer<typeof filmFieldsSchema>;

export const filmSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  artistId: z.number().int(),
  projectId: z.number().int().nullable(),
  posterUrl: z.string().nullable(),
  /** One of youtubeId and videoUrl is set. */
  youtubeId: z.string().nullable(),
  videoUrl: z.string().nullable(),
  durationSeconds: z.number().nullable(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  likes: z.number().int(),
  comments: z.number().int(),
  /** Whether the viewer likes it (false signed out). */
  liked: z.boolean(),
  /** nickname null once the author's account is deleted. */
  author: z.object({ nickname: z.string().nullable() }),
  viewerIsAuthor: z.boolean(),
  /** Only operators see hidden films, marked. */
  hidden: z.boolean(),
  createdAt: z.string(),
});
export type Film = z.infer<typeof filmSchema>;

export const filmsQuerySchema = z.strictObject({
  artistId: decimalIntegerParam(1, 2_147_483_647).optional(),
  projectId: decimalIntegerParam(1, 2_147_483_647).optional(),
  /** Only films of artists the viewer follows (signed in). */
  following: z.enum(['true', 'false']).optional(),
  /** Only the viewer's own films (my page). */
  mine: z.enum(['true', 'false']).optional(),
  cursor: z.string().max(100).optional(),
  limit: decimalIntegerParam(1, filmListLimitMax).optional(),
});
export type FilmsQuery = z.infer<typeof filmsQuerySchema>;
export const filmsResponseSchema = z.object({ items: z.array(filmSchema), nextCursor: z.string().nullable() });
export type FilmsResponse = z.infer<typeof filmsResponseSchema>;
export const filmResponseSchema = z.object({ film: filmSchema });
export const filmLimitsResponseSchema = z.object({ maxBytes: z.number().int() });
