import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/http.ts';
import type { JoinStateResponse } from './agree-to-terms.ts';
import { joinQueryKeys } from './query-keys.ts';

export function postJoinComplete(artistIds: number[]): Promise<JoinStateResponse> {
  return apiRequest<JoinStateResponse>('/join/complete', { method: 'POST', body: { artistIds } });
}

/** Step 2: the favourite artists (at least one); the account is joined after it. */
export function useCompleteJoin() {
  return useMutation({ mutationKey: joinQueryKeys.complete, mutationFn: postJoinComplete });
}
