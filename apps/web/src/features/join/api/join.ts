import type { JoinAgreements, JoinState } from '@orchard/shared';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/http.ts';

type JoinStateResponse = { joinState: JoinState; termsVersion: string };

export function postJoinAgreements(agreements: JoinAgreements): Promise<JoinStateResponse> {
  return apiRequest<JoinStateResponse>('/join/agreements', { method: 'POST', body: agreements });
}

export function postJoinComplete(artistIds: number[]): Promise<JoinStateResponse> {
  return apiRequest<JoinStateResponse>('/join/complete', { method: 'POST', body: { artistIds } });
}

export function useAgreeToTerms() {
  return useMutation({ mutationFn: postJoinAgreements });
}

export function useCompleteJoin() {
  return useMutation({ mutationFn: postJoinComplete });
}
