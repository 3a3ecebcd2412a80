import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/http.ts';
import { useUserInfoStore } from '../../../lib/stores/user-info.ts';
import { meQueryKey } from './get-me.ts';

export function postLogout(): Promise<unknown> {
  return apiRequest('/auth/logout', { method: 'POST' });
}

/** spec §4: whatever the answer, every cached answer goes and the auth check runs again. */
export async function clearCacheAndRecheckAuth(queryClient: QueryClient) {
  queryClient.getMutationCache().clear();
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== meQueryKey[0] || query.queryKey[1] !== meQueryKey[1] });
  await queryClient.resetQueries({ queryKey: meQueryKey });
}

export function useLogout() {
  const queryClient = useQueryClient();
  const resetUserInfo = useUserInfoStore((state) => state.resetUserInfo);
  return useMutation({
    mutationFn: postLogout,
    onSuccess: () => resetUserInfo(),
    // spec §8: a logout failure is only logged (the http client logs it).
    onSettled: () => clearCacheAndRecheckAuth(queryClient).catch(() => undefined),
  });
}
