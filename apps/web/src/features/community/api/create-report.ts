import type { ReportReason, ReportTargetType } from '@orchard/shared';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/http.ts';

export type ReportTarget = { type: ReportTargetType; id: number };
export type ReportInput = { target: ReportTarget; reason: ReportReason; detail?: string };

export function createReport(input: ReportInput): Promise<{ report: { id: number } }> {
  return apiRequest<{ report: { id: number } }>('/reports', { method: 'POST', body: input });
}

export function useReport() {
  return useMutation({ mutationFn: createReport });
}
