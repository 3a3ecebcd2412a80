import type { NotificationPreferences } from '@orchard/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/http.ts';
import { notificationsQueryKeys } from './query-keys.ts';

export function getNotificationPreferences(signal?: AbortSignal): Promise<NotificationPreferences> {
  return apiRequest<NotificationPreferences>('/notifications/preferences', { signal });
}

export function getNotificationPreferencesQueryOptions() {
  return queryOptions({ queryKey: notificationsQueryKeys.preferences, queryFn: ({ signal }) => getNotificationPreferences(signal) });
}

/** Mail on or off per notification kind (docs/product.md#notifications). */
export function useNotificationPreferences() {
  return useQuery(getNotificationPreferencesQueryOptions());
}

export function updateNotificationPreferences(mail: Record<string, boolean>): Promise<NotificationPreferences> {
  return apiRequest<NotificationPreferences>('/notifications/preferences', { method: 'PATCH', body: { mail } });
}

/** Changes one or more kinds at once; the switches show the server's answer. */
export function useUpdateNotificationPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateNotificationPreferences,
    onSuccess: (answer) => queryClient.setQueryData(notificationsQueryKeys.preferences, answer),
  });
}
