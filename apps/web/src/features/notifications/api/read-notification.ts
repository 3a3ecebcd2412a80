import type { Notification } from '@orchard/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/http.ts';
import { useUserInfoStore } from '../../../lib/stores/user-info.ts';
import { notificationsQueryKeys } from './query-keys.ts';

export type ReadNotificationAnswer = { notification: Notification; hasUnreadNotification: boolean };

/** Marks one notification read; reading it again changes nothing. */
export function readNotification(notificationId: number): Promise<ReadNotificationAnswer> {
  return apiRequest<ReadNotificationAnswer>(`/notifications/${encodeURIComponent(String(notificationId))}/read`, { method: 'POST', body: {} });
}

export function useReadNotification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: readNotification,
    onSuccess: (answer) => {
      // The header's indicator follows the server's answer at once, before the next auth check.
      const info = useUserInfoStore.getState();
      info.setUserInfo({ isActive: info.isActive, id: info.id, hasUnreadNotification: answer.hasUnreadNotification });
      return queryClient.invalidateQueries({ queryKey: notificationsQueryKeys.all });
    },
  });
}
