import { searchArtistsLimit, type Language, type SearchResult } from '@orchard/shared';
import type { ArtistsService } from '../artists/artists.service.ts';
import type { ProjectsService } from '../projects/projects.service.ts';
import type { Viewer } from '../../lib/viewer.ts';

/**
 * Search (docs/product.md#discovery): artists by name as the artist list finds them, and projects
 * by title or by their artist's names, each module answering for its own.
 */
export function createSearchService({ artists, projects }: { artists: Pick<ArtistsService, 'list'>; projects: Pick<ProjectsService, 'search'> }) {
  return {
    async search(q: string, viewer: Viewer, sessionUserId: string | null, language: Language): Promise<SearchResult> {
      const [artistPage, projectList] = await Promise.all([
        artists.list({ q, limit: searchArtistsLimit, viewerId: sessionUserId }),
        projects.search(q, viewer, language),
      ]);
      return { artists: artistPage.items, projects: projectList };
    },
  };
}

export type SearchService = ReturnType<typeof createSearchService>;
