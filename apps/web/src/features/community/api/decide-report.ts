import type { OperatorReport, ReportDecisionAction } from '@orchard/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/http.ts';
import { communityQueryKeys } from './query-keys.ts';

export type DecideReportInput = { reportId: number; action: ReportDecisionAction };

export function decideReport({ reportId, action }: DecideReportInput): Promise<{ report: OperatorReport }> {
  return apiRequest<{ report: OperatorReport }>(`/operator/reports/${encodeURIComponent(String(reportId))}/decision`, { method: 'POST', body: { action } });
}

export function useDecideReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: decideReport,
    // Hiding a comment changes its project's comment list as well as the queue.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: communityQueryKeys.all }),
  });
}
