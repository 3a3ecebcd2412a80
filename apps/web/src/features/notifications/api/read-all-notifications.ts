import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/http.ts';
import { useUserInfoStore } from '../../../lib/stores/user-info.ts';
import { notificationsQueryKeys } from './query-keys.ts';

export type ReadAllNotificationsAnswer = { marked: number; hasUnreadNotification: boolean };

/** Marks every notification read; with none unread it changes nothing. */
export function readAllNotifications(): Promise<ReadAllNotificationsAnswer> {
  return apiRequest<ReadAllNotificationsAnswer>('/notifications/read-all', { method: 'POST', body: {} });
}

export function useReadAllNotifications() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: readAllNotifications,
    onSuccess: (answer) => {
      // The header's indicator follows the server's answer at once, before the next auth check.
      const info = useUserInfoStore.getState();
      info.setUserInfo({ isActive: info.isActive, id: info.id, hasUnreadNotification: answer.hasUnreadNotification });
      return queryClient.invalidateQueries({ queryKey: notificationsQueryKeys.all });
    },
  });
}
