import { z } from 'zod';
import { decimalIntegerParam } from './artists.ts';
import { filmTitleMax, youtubeIdOf } from './film-rules.ts';
import { withoutControlCharacters } from './safe-text.ts';

export { filmDefaultMaxBytes, filmTitleMax, youtubeIdOf } from './film-rules.ts';
export const filmListLimitMax = 50;

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
