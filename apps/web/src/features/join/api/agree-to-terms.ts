import type { JoinAgreements, JoinState } from '@orchard/shared';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/http.ts';
import { joinQueryKeys } from './query-keys.ts';

export type JoinStateResponse = { joinState: JoinState; termsVersion: string };

export function postJoinAgreements(agreements: JoinAgreements): Promise<JoinStateResponse> {
  return apiRequest<JoinStateResponse>('/join/agreements', { method: 'POST', body: agreements });
}

/** Step 1: the required agreements (and marketing, if given). */
export function useAgreeToTerms() {
  return useMutation({ mutationKey: joinQueryKeys.agreements, mutationFn: postJoinAgreements });
}
