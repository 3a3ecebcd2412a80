import { ApiError } from '../../../lib/http.ts';
import { shouldRetryQuery } from '../../../lib/query-client.ts';

/** Every project query lives under `['projects']`, so a decision or a creation can refresh them all. */
export const projectsQueryKeys = {
  all: ['projects'] as const,
  /** Media names come in the viewer's language, so each language has its own entry. */
  detail: (projectId: number, language: string) => ['projects', 'detail', projectId, language] as const,
  mine: (tab: string, artistId: number | null) => ['projects', 'mine', tab, artistId] as const,
  participants: (projectId: number, sort: string, limit: number) => ['projects', 'participants', projectId, sort, limit] as const,
};

/** A project that is not there, or not shown to this user (404), or a malformed id (400), stays so. */
export function shouldRetryProjectQuery(failureCount: number, error: unknown): boolean {
  return !(error instanceof ApiError && error.status >= 400 && error.status < 500) && shouldRetryQuery(failureCount, error);
}
