import type { Currency, Language } from '@orchard/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/http.ts';
import { usersQueryKeys } from './query-keys.ts';

export type DisplayInfo = {
  id: string;
  nickname: string | null;
  profileImageUrl: string | null;
  language: Language;
  currency: Currency;
  followingArtistCount: number;
};

export function getDisplayInfoQueryOptions() {
  return queryOptions({
    queryKey: usersQueryKeys.displayInfo,
    queryFn: ({ signal }) => apiRequest<DisplayInfo>('/users/display-info', { signal }),
  });
}

/** What my page shows at the top: nickname, picture and how many artists are followed. */
export function useDisplayInfo() {
  return useQuery(getDisplayInfoQueryOptions());
}
