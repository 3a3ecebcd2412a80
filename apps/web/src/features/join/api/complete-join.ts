import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/http.ts';
import type { JoinStateResponse } from './agree-to-terms.ts';
import { joinQueryKeys } from './query-keys.ts';

/** Step 2's body: the favourite artists, and the nickname when the fan changed it (absent keeps the account's). */
export type JoinCompletion = { artistIds: number[]; nickname?: string | undefined };

export function postJoinComplete({ artistIds, nickname }: JoinCompletion): Promise<JoinStateResponse> {
  return apiRequest<JoinStateResponse>('/join/complete', { method: 'POST', body: nickname === undefined ? { artistIds } : { artistIds, nickname } });
}

/** Step 2: the favourite artists (at least one) and the nickname; the account is joined after it. */
export function useCompleteJoin() {
  return useMutation({ mutationKey: joinQueryKeys.complete, mutationFn: postJoinComplete });
}
