import type { Statement } from '@orchard/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/http.ts';
import { pointsQueryKeys } from './query-keys.ts';

export function getStatement(year: number, signal?: AbortSignal): Promise<Statement> {
  return apiRequest<Statement>('/points/statement', { query: { year: String(year), format: 'json' }, signal });
}

/** The CSV of a year, downloaded by the browser itself (same origin, with the session cookie). */
export const statementCsvUrl = (year: number) => `/api/points/statement?${new URLSearchParams({ year: String(year), format: 'csv' }).toString()}`;

/** One KST year of the ledger with its totals (docs/decisions/106-yearly-statement.md); the year shown stays while the next loads. */
export function useStatement(year: number) {
  return useQuery(queryOptions({ queryKey: pointsQueryKeys.statement(year), queryFn: ({ signal }) => getStatement(year, signal), placeholderData: keepPreviousData }));
}
