import type { Project } from '@orchard/shared';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { shouldRetryKeyedWrite } from '../../../lib/action-key.ts';
import { apiRequest } from '../../../lib/http.ts';
import { projectsQueryKeys, shouldRetryProjectQuery } from './query-keys.ts';

export type ParticipantSort = 'amount' | 'latest';
export type Participant = { id: number; nickname: string | null; profileImageUrl: string | null; amount: number; participatedAt: string };
type ParticipantPage = { items: Participant[]; nextCursor: string | null };

function projectPath(projectId: number, rest: string) {
  return `/projects/${encodeURIComponent(String(projectId))}/${rest}`;
}

/** The project's funders, one row per user with their total, by amount or by latest participation. */
export function useParticipants(projectId: number, sort: ParticipantSort, limit = 20) {
  return useInfiniteQuery({
    queryKey: projectsQueryKeys.participants(projectId, sort, limit),
    queryFn: ({ pageParam, signal }) => {
      const query = new URLSearchParams({ sort, limit: String(limit) });
      if (pageParam) query.set('cursor', pageParam);
      return apiRequest<ParticipantPage>(`${projectPath(projectId, 'participations')}?${query}`, { signal });
    },
    initialPageParam: '',
    getNextPageParam: (page) => page.nextCursor ?? undefined,
    retry: shouldRetryProjectQuery,
    enabled: Number.isSafeInteger(projectId) && projectId > 0,
  });
}

export type ParticipateInput = { projectId: number; amount: number; idempotencyKey: string; language: string };
export type ParticipateAnswer = { participation: { id: number; amount: number }; project: Project };

export function participate({ projectId, amount, idempotencyKey, language }: ParticipateInput): Promise<ParticipateAnswer> {
  return apiRequest<ParticipateAnswer>(projectPath(projectId, 'participations'), {
    method: 'POST',
    query: { lang: language },
    body: { amount },
    headers: { 'Idempotency-Key': idempotencyKey },
  });
}

/** Joins a project with points; the answer carries the project as it stands afterwards. */
export function useParticipate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: participate,
    retry: shouldRetryKeyedWrite,
    onSuccess: (answer, input) => queryClient.setQueryData(projectsQueryKeys.detail(answer.project.id, input.language), answer.project),
    // Points moved: balances, history and every project list may have changed.
    onSettled: () => queryClient.invalidateQueries(),
  });
}
