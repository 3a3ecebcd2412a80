import type { TestClockBody } from '@orchard/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiRequest } from '../../../lib/http.ts';
import { operatorQueryKeys } from './query-keys.ts';

export type TestClock = { enabled: boolean; offsetDays: number; offsetHours: number; now: string };

/** The API's test clock; a server without `TEST_CLOCK=on` answers 404, which the console reads as off. */
export function getTestClock(signal?: AbortSignal): Promise<TestClock> {
  return apiRequest<Partial<TestClock> & Omit<TestClock, 'enabled'>>('/operator/test-clock', { signal }).then(
    (answer) => ({ enabled: answer.enabled ?? true, offsetDays: answer.offsetDays, offsetHours: answer.offsetHours, now: answer.now }),
    (error: unknown) => {
      if (error instanceof ApiError && error.status === 404) return { enabled: false, offsetDays: 0, offsetHours: 0, now: new Date().toISOString() };
      throw error;
    },
  );
}

export function getTestClockQueryOptions() {
  return queryOptions({ queryKey: operatorQueryKeys.testClock, queryFn: ({ signal }) => getTestClock(signal), retry: false });
}

export function useTestClock() {
  return useQuery(getTestClockQueryOptions());
}

/** Moves the API's clock forward by whole days or hours; the sweeps (creation deadline, funding start) run at once. */
export function advanceTestClock(body: TestClockBody): Promise<TestClock> {
  return apiRequest<Omit<TestClock, 'enabled'>>('/operator/test-clock', { method: 'POST', body }).then((answer) => ({ enabled: true, ...answer }));
}

export function useAdvanceTestClock() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: advanceTestClock,
    onSuccess: (clock) => queryClient.setQueryData(operatorQueryKeys.testClock, clock),
    // Everything time-driven may have moved: refresh every query.
    onSettled: () => queryClient.invalidateQueries(),
  });
}
