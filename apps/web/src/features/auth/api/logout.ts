import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { apiRequest, isUnauthorized } from '../../../lib/http.ts';
import { whileSigningOut } from '../../../lib/query-client.ts';
import { useUserInfoStore } from '../../../lib/stores/user-info.ts';
import { meQueryKey } from './get-me.ts';

/** This device only, or every session of the account (`POST /api/auth/logout-everywhere`). */
export type SignOutScope = 'thisDevice' | 'everywhere';

const signOutPaths: Record<SignOutScope, string> = { thisDevice: '/auth/logout', everywhere: '/auth/logout-everywhere' };

export function postSignOut(scope: SignOutScope): Promise<unknown> {
  return apiRequest(signOutPaths[scope], { method: 'POST' });
}

/** Whatever the answer, every cached answer goes and the auth check runs again. */
export async function clearCacheAndRecheckAuth(queryClient: QueryClient) {
  queryClient.getMutationCache().clear();
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== meQueryKey[0] || query.queryKey[1] !== meQueryKey[1] });
  await queryClient.resetQueries({ queryKey: meQueryKey });
}

/**
 * Signs out. The 401s this causes (a session that had already ended, the auth check after it)
 * are expected and open no "please log in" dialog; `onSignedOut` runs once the session is gone,
 * even if the screen that asked has been left (a hook-level callback outlives the component).
 */
export function useSignOut(scope: SignOutScope, { onSignedOut }: { onSignedOut?: () => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      whileSigningOut(queryClient, async () => {
        // A 401 means the session had already ended: the user is signed out all the same.
        const failure = await postSignOut(scope).then(
          () => null,
          (error: unknown) => (isUnauthorized(error) ? null : error),
        );
        useUserInfoStore.getState().resetUserInfo();
        await clearCacheAndRecheckAuth(queryClient).catch(() => undefined);
        if (failure) throw failure;
      }),
    onSuccess: () => onSignedOut?.(),
  });
}
