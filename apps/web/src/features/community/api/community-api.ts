import type { Comment, OperatorReport, ReportDecisionAction, ReportReason, ReportTargetType } from '@orchard/shared';
import { infiniteQueryOptions, useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/http.ts';

export const communityQueryKeys = {
  all: ['community'] as const,
  comments: (projectId: number) => ['community', 'comments', projectId] as const,
  reports: (status: 'open' | 'handled') => ['community', 'reports', status] as const,
  /** The project payload (likeCount, commentCount) lives under the projects feature's keys. */
  projects: ['projects'] as const,
};

export type CommentsPage = { items: Comment[]; nextCursor: string | null };
export type ReportsPage = { items: OperatorReport[]; nextCursor: string | null };
export type ReportTarget = { type: ReportTargetType; id: number };

export function getCommentsQueryOptions(projectId: number) {
  return infiniteQueryOptions({
    queryKey: communityQueryKeys.comments(projectId),
    queryFn: ({ pageParam, signal }) =>
      apiRequest<CommentsPage>(`/projects/${encodeURIComponent(String(projectId))}/comments`, { query: { cursor: pageParam ?? undefined }, signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
  });
}

/** A project's comments, newest first, one "load more" page at a time. */
export function useComments(projectId: number) {
  return useInfiniteQuery(getCommentsQueryOptions(projectId));
}

export function usePostComment(projectId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: string) =>
      apiRequest<{ comment: Comment }>(`/projects/${encodeURIComponent(String(projectId))}/comments`, { method: 'POST', body: { body } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: communityQueryKeys.comments(projectId) }),
  });
}

export function useDeleteComment(projectId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (commentId: number) => apiRequest<null>(`/comments/${encodeURIComponent(String(commentId))}`, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: communityQueryKeys.comments(projectId) }),
  });
}

export function useSetLike(projectId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (liked: boolean) =>
      apiRequest<{ liked: boolean; likeCount: number }>(`/projects/${encodeURIComponent(String(projectId))}/like`, { method: liked ? 'PUT' : 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: communityQueryKeys.projects }),
  });
}

export function useReport() {
  return useMutation({
    mutationFn: (input: { target: ReportTarget; reason: ReportReason; detail?: string }) =>
      apiRequest<{ report: { id: number } }>('/reports', { method: 'POST', body: input }),
  });
}

export function useReportQueue(status: 'open' | 'handled') {
  return useInfiniteQuery({
    queryKey: communityQueryKeys.reports(status),
    queryFn: ({ pageParam, signal }) => apiRequest<ReportsPage>('/operator/reports', { query: { status, cursor: pageParam ?? undefined }, signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
  });
}

export function useDecideReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ reportId, action }: { reportId: number; action: ReportDecisionAction }) =>
      apiRequest<{ report: OperatorReport }>(`/operator/reports/${encodeURIComponent(String(reportId))}/decision`, { method: 'POST', body: { action } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: communityQueryKeys.all }),
  });
}
