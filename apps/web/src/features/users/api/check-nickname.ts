import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/http.ts';

export type NicknameAvailability = {
  nickname: string;
  available: boolean;
  problem: 'too_short' | 'too_long' | 'invalid_characters' | 'taken' | null;
};

export function fetchNicknameAvailability(nickname: string): Promise<NicknameAvailability> {
  return apiRequest<NicknameAvailability>('/users/nickname-availability', { query: { nickname } });
}

/** A check the user asks for with the check button, so a mutation: it runs on the press only. */
export function useCheckNickname() {
  return useMutation({ mutationFn: fetchNicknameAvailability });
}
