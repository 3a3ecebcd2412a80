import { searchArtistsLimit, searchResponseSchema, type Language, type SearchResult } from '@orchard/shared';
import { coalesceJson } from '../../lib/shared-json.ts';
import type { ArtistsService } from '../artists/artists.service.ts';
import type { ProjectsService } from '../projects/projects.service.ts';
import type { Viewer } from '../../lib/viewer.ts';

/**
 * Search (docs/product.md#discovery): artists by name as the artist list finds them, and projects
 * by title or by their artist's names, each module answering for its own.
 */
export function createSearchService({ artists, projects }: { artists: Pick<ArtistsService, 'list'>; projects: Pick<ProjectsService, 'search'> }) {
  async function search(q: string, viewer: Viewer, sessionUserId: string | null, language: Language): Promise<SearchResult> {
    const [artistPage, projectList] = await Promise.all([
      artists.list({ q, limit: searchArtistsLimit, viewerId: sessionUserId }),
      projects.search(q, viewer, language),
    ]);
    return { artists: artistPage.items, projects: projectList };
  }
  /** A signed-out visitor's search is everyone's: one answer and one serialization per round (decision 112). */
  const signedOutAnswers = coalesceJson(searchResponseSchema, (key) => {
    const { q, language } = JSON.parse(key) as { q: string; language: Language };
    return search(q, null, null, language);
  });
  return {
    search,
    /** `search` for a signed-out visitor, as the JSON text of the route's answer. */
    searchJson: (q: string, language: Language) => signedOutAnswers(JSON.stringify({ q, language })),
  };
}

export type SearchService = ReturnType<typeof createSearchService>;
