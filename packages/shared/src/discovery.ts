import { z } from 'zod';

/**
 * Discovery (docs/product.md#discovery): the artist rankings. A ranking is of one KST month, by
 * Orange funded or by distinct backers; Orange a failed or cancelled project returned and events'
 * Berry never count (docs/architecture.md#discovery).
 */
export const rankingMeasures = ['orange', 'backers'] as const;
export type RankingMeasure = (typeof rankingMeasures)[number];

/** A KST month written `YYYY-MM`, from 1970 (the cursors' range) through 9999. */
export const rankingPeriodPattern = /^(?:19[7-9][0-9]|[2-9][0-9]{3})-(?:0[1-9]|1[0-2])$/;
export const rankingPeriodSchema = z.string().max(7).regex(rankingPeriodPattern, 'Expected a month as YYYY-MM');

export const artistRankingsQuerySchema = z.strictObject({
  by: z.enum(rankingMeasures),
  /** The current KST month when absent. */
  period: rankingPeriodSchema.optional(),
});
export type ArtistRankingsQuery = z.infer<typeof artistRankingsQuerySchema>;

export const artistRankingItemSchema = z.object({
  artistId: z.number().int(),
  /** 1-based, by the chosen measure; ties go to the other measure, then the lower artist id. */
  rank: z.number().int().min(1),
  /** The rank by the same measure in the month before, or null when the artist had no figures then. */
  previousRank: z.number().int().min(1).nullable(),
  orange: z.number().int(),
  backers: z.number().int(),
});
export type ArtistRankingItem = z.infer<typeof artistRankingItemSchema>;

export const artistRankingsResponseSchema = z.object({
  period: rankingPeriodSchema,
  items: z.array(artistRankingItemSchema),
});
export type ArtistRankings = z.infer<typeof artistRankingsResponseSchema>;
