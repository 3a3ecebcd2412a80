import { z } from 'zod';
import { safeText } from './safe-text.ts';
import { artistSearchMaxLength } from './input-limits.ts';
import { localizedNameSchema } from './locale.ts';

export const artistTypes = ['solo', 'group'] as const;
export type ArtistType = (typeof artistTypes)[number];

/**
 * A positive integer written in plain decimal digits, as path and query parameters arrive: no
 * exponent ("1e3"), sign, fraction, hex or spaces, and within PostgreSQL's `integer`.
 */
export function decimalIntegerParam(min: number, max: number) {
  return z
    .string()
    .regex(/^[0-9]{1,10}$/, 'Expected decimal digits')
    .transform(Number)
    .pipe(z.number().int().min(min).max(max));
}

export const artistIdSchema = decimalIntegerParam(1, 2_147_483_647);

/** Search text: no control characters (PostgreSQL text cannot hold NUL). */
const searchTextSchema = safeText(artistSearchMaxLength);

export const artistMemberSchema = z.object({
  id: z.number().int(),
  names: localizedNameSchema,
});

export const artistSchema = z.object({
  id: z.number().int(),
  type: z.enum(artistTypes),
  names: localizedNameSchema,
  imageUrl: z.string().nullable(),
  members: z.array(artistMemberSchema),
  following: z.boolean(),
});
export type Artist = z.infer<typeof artistSchema>;

export const artistListQuerySchema = z.strictObject({
  q: searchTextSchema.optional(),
  cursor: safeText(100).optional(),
  limit: decimalIntegerParam(1, 50).default(20),
});

export const artistListResponseSchema = z.object({
  items: z.array(artistSchema),
  nextCursor: z.string().nullable(),
});

export const artistParamsSchema = z.strictObject({ artistId: artistIdSchema });

export const followingArtistsResponseSchema = z.object({ items: z.array(artistSchema) });

export const followResponseSchema = z.object({
  artistId: z.number().int(),
  following: z.boolean(),
  followingCount: z.number().int(),
});

/** docs/product.md#accounts: at least one followed artist. */
export const minimumFollowedArtists = 1;
