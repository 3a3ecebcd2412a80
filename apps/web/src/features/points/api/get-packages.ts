import type { ChargePackage } from '@orchard/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/http.ts';
import { pointsQueryKeys } from './query-keys.ts';

export type ChargePackages = { krwPerOrange: number; items: ChargePackage[] };

export function getPackages(signal?: AbortSignal): Promise<ChargePackages> {
  return apiRequest<ChargePackages>('/points/packages', { signal });
}

export function getPackagesQueryOptions() {
  // Packages are configuration: they change with a deployment, not while the app is open.
  return queryOptions({ queryKey: pointsQueryKeys.packages, queryFn: ({ signal }) => getPackages(signal), staleTime: 60 * 60 * 1000 });
}

export function usePackages() {
  return useQuery(getPackagesQueryOptions());
}
