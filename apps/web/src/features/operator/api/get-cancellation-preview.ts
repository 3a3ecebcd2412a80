import type { CancellationPreview } from '@orchard/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/http.ts';
import { operatorQueryKeys } from './query-keys.ts';

/** What cancelling the project would return: participations, people, total (docs/product.md#cancellation). */
export function getCancellationPreview(projectId: number, signal?: AbortSignal): Promise<CancellationPreview> {
  return apiRequest<CancellationPreview>(`/operator/projects/${encodeURIComponent(String(projectId))}/cancellation-preview`, { signal });
}

export function getCancellationPreviewQueryOptions(projectId: number) {
  return queryOptions({
    queryKey: operatorQueryKeys.cancellationPreview(projectId),
    queryFn: ({ signal }) => getCancellationPreview(projectId, signal),
    // Read when the confirmation opens: participations may have changed since.
    staleTime: 0,
  });
}

export function useCancellationPreview(projectId: number, options: { enabled: boolean }) {
  return useQuery({ ...getCancellationPreviewQueryOptions(projectId), enabled: options.enabled });
}
