import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/http.ts';

/** The API insists the forfeit warning was shown and acknowledged. */
export function deleteAccount(): Promise<unknown> {
  return apiRequest('/users/me', { method: 'DELETE', body: { acknowledgePointForfeit: true } });
}

export function useDeleteAccount() {
  return useMutation({ mutationFn: deleteAccount });
}
