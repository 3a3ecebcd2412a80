import type { EventBody, Project } from '@orchard/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { shouldRetryKeyedWrite } from '../../../lib/action-key.ts';
import { apiRequest } from '../../../lib/http.ts';
import { projectsQueryKeys } from './query-keys.ts';

export type CreateEventInput = EventBody & { idempotencyKey: string; language: string };

/** An operator's event: the server checks the request's rules, computes the goal and opens a Berry escrow. */
export function createEvent({ idempotencyKey, language, ...body }: CreateEventInput): Promise<Project> {
  return apiRequest<{ project: Project }>('/operator/events', { method: 'POST', query: { lang: language }, body, headers: { 'Idempotency-Key': idempotencyKey } }).then(
    (answer) => answer.project,
  );
}

export function useCreateEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createEvent,
    // The key makes a retry after a lost answer return the first event instead of making a second.
    retry: shouldRetryKeyedWrite,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: projectsQueryKeys.all }),
  });
}
