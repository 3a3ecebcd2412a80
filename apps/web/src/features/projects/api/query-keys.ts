import { ApiError } from '../../../lib/http.ts';
import { shouldRetryQuery } from '../../../lib/query-client.ts';

export { projectsQueryKeys } from '../../../lib/projects-query-keys.ts';

/** A project that is not there, or not shown to this user (404), or a malformed id (400), stays so. */
export function shouldRetryProjectQuery(failureCount: number, error: unknown): boolean {
  return !(error instanceof ApiError && error.status >= 400 && error.status < 500) && shouldRetryQuery(failureCount, error);
}
