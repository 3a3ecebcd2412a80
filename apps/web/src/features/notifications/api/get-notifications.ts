import type { Notification } from '@orchard/shared';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/http.ts';
import { notificationsQueryKeys } from './query-keys.ts';

export type NotificationsPage = { items: Notification[]; nextCursor: string | null };

export function getNotifications(cursor: string | null, signal?: AbortSignal): Promise<NotificationsPage> {
  return apiRequest<NotificationsPage>('/notifications', { query: { cursor: cursor ?? undefined }, signal });
}

export function getNotificationsQueryOptions() {
  return infiniteQueryOptions({
    queryKey: notificationsQueryKeys.list,
    queryFn: ({ pageParam, signal }) => getNotifications(pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
  });
}

/** The signed-in user's notifications, newest first. */
export function useNotifications(options: { enabled?: boolean } = {}) {
  return useInfiniteQuery({ ...getNotificationsQueryOptions(), enabled: options.enabled ?? true });
}
