import { z } from 'zod';
import { artistSchema } from './artists.ts';
import { languageSchema } from './locale.ts';
import { projectSchema, searchQueryTextSchema } from './projects.ts';
import { artistSearchKey } from './text.ts';

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

/**
 * A project's stored search key: its title and its artist's names in every language, folded as
 * the artist search folds (artistSearchKey). The members' names are left out: a member's project
 * names the member in its title, and with them every search for a member would list all the
 * group's projects.
 */
export function projectSearchKey(title: string, artistNames: Record<string, string>): string {
  // By language code: the same names make the same key, whatever order a reader gave them in.
  const languages = Object.keys(artistNames).sort();
  return artistSearchKey([title, ...languages.map((language) => artistNames[language]!)]);
}

/** GET /api/search: artists and projects by a name or a title. */
export const searchQuerySchema = z.strictObject({ q: searchQueryTextSchema, lang: languageSchema.optional() });
export type SearchQuery = z.infer<typeof searchQuerySchema>;

/** At most this many of each group; search answers one page (docs/product.md#discovery). */
export const searchArtistsLimit = 10;
export const searchProjectsLimit = 20;

/** Artists as the artists list answers them; projects as the project list does, funding ones first. */
export const searchResponseSchema = z.object({ artists: z.array(artistSchema), projects: z.array(projectSchema) });
export type SearchResult = z.infer<typeof searchResponseSchema>;
