import { ApiError } from './http.ts';
import { shouldRetryQuery } from './query-client.ts';

/**
 * Every project query lives under `['projects']`, so a decision, a creation or a like can refresh
 * them all. Here rather than in the projects feature because the operator and community features
 * read and refresh project queries too, and features never import each other (docs/architecture.md#boundaries).
 */
export const projectsQueryKeys = {
  all: ['projects'] as const,
  /** Media names come in the viewer's language, so each language has its own entry. */
  detail: (projectId: number, language: string) => ['projects', 'detail', projectId, language] as const,
  mine: (tab: string, artistId: number | null) => ['projects', 'mine', tab, artistId] as const,
  /** The artists of the user's projects (the My projects filter): under projects, so a like or a request refreshes it. */
  mineArtists: ['projects', 'mine-artists'] as const,
  /** A created project's proof section (`GET /api/projects/{id}/proof`), per language for the media names. */
  proof: (projectId: number, language: string) => ['projects', 'proof', projectId, language] as const,
  /** A closed project's settlement (`GET /api/projects/{id}/settlement`), per language for the media names. */
  settlement: (projectId: number, language: string) => ['projects', 'settlement', projectId, language] as const,
  participants: (projectId: number, sort: string, limit: number) => ['projects', 'participants', projectId, sort, limit] as const,
  /** The public list of projects in one status (`GET /api/projects?status=`). */
  public: (status: string) => ['projects', 'public', status] as const,
  /**
   * A discovery list (`GET /api/projects` with sort, filters and `following`): one entry per set of
   * parameters, under projects so a participation or a decision refreshes every list.
   */
  list: (params: object) => ['projects', 'list', params] as const,
};

/** A project that is not there, or not shown to this user (404), or a malformed id (400), stays so. */
export function shouldRetryProjectQuery(failureCount: number, error: unknown): boolean {
  return !(error instanceof ApiError && error.status >= 400 && error.status < 500) && shouldRetryQuery(failureCount, error);
}
