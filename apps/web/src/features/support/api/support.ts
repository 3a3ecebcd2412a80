import type { FaqResponse, FaqCategory, Inquiry, Language, OperatorFaqEntry, OperatorInquiry } from '@orchard/shared';
import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiBase, apiRequest } from '../../../lib/http.ts';

/** Every support query lives under `['support']` (docs/product.md#faq, docs/product.md#inquiries). */
export const supportQueryKeys = {
  all: ['support'] as const,
  faq: (language: Language) => ['support', 'faq', language] as const,
  mine: ['support', 'inquiries', 'mine'] as const,
  inbox: (status: 'open' | 'answered') => ['support', 'inbox', status] as const,
  operatorFaq: ['support', 'operator-faq'] as const,
};

export function faqQueryOptions(language: Language) {
  return queryOptions({
    queryKey: supportQueryKeys.faq(language),
    queryFn: ({ signal }) => apiRequest<FaqResponse>('/faq', { query: { lang: language }, signal }),
  });
}

export const useFaq = (language: Language) => useQuery(faqQueryOptions(language));

type Page<T> = { items: T[]; nextCursor: string | null };

export function useMyInquiries() {
  return useInfiniteQuery(
    infiniteQueryOptions({
      queryKey: supportQueryKeys.mine,
      queryFn: ({ pageParam, signal }) => apiRequest<Page<Inquiry>>('/inquiries', { query: { cursor: pageParam ?? undefined }, signal }),
      initialPageParam: null as string | null,
      getNextPageParam: (lastPage) => lastPage.nextCursor,
    }),
  );
}

export type NewInquiry = {
  nickname: string;
  email: string;
  category: FaqCategory;
  title: string;
  content: string;
  projectId?: number;
  transactionId?: string;
  images: File[];
};

/**
 * Sends an inquiry as multipart through XMLHttpRequest, whose upload events drive the progress
 * bar (fetch has none). Refusals come back as ApiError, as from apiRequest; no time-out, since
 * five photos of 20 MB may take long on a slow connection.
 */
export function sendInquiry(inquiry: NewInquiry, onProgress: (share: number) => void): Promise<{ inquiry: { id: number; status: string } }> {
  const form = new FormData();
  form.append('nickname', inquiry.nickname);
  form.append('email', inquiry.email);
  form.append('category', inquiry.category);
  form.append('title', inquiry.title);
  form.append('content', inquiry.content);
  if (inquiry.projectId !== undefined) form.append('projectId', String(inquiry.projectId));
  if (inquiry.transactionId !== undefined) form.append('transactionId', inquiry.transactionId);
  for (const image of inquiry.images) form.append('images', image, image.name);
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', `${apiBase}/inquiries`);
    request.withCredentials = true;
    request.setRequestHeader('Accept', 'application/json');
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    request.onerror = () => reject(new ApiError(0, 'network', 'The inquiry could not be sent.'));
    request.onload = () => {
      let json: unknown;
      try {
        json = JSON.parse(request.responseText);
      } catch {
        reject(new ApiError(request.status, 'invalid_response', `POST inquiries answered ${request.status} without JSON`));
        return;
      }
      if (request.status >= 200 && request.status < 300) {
        onProgress(1);
        resolve(json as { inquiry: { id: number; status: string } });
        return;
      }
      const error = (json as { error?: { code?: string; message?: string; details?: unknown } }).error;
      reject(new ApiError(request.status, error?.code ?? 'invalid_response', error?.message ?? `POST inquiries answered ${request.status}`, error?.details));
    };
    request.send(form);
  });
}

export function useSendInquiry(onProgress: (share: number) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (inquiry: NewInquiry) => sendInquiry(inquiry, onProgress),
    // Never retried behind the fan's back: a second send would be a second inquiry.
    retry: false,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: supportQueryKeys.mine }),
  });
}

export function useInquiryInbox(status: 'open' | 'answered') {
  return useInfiniteQuery(
    infiniteQueryOptions({
      queryKey: supportQueryKeys.inbox(status),
      queryFn: ({ pageParam, signal }) =>
        apiRequest<Page<OperatorInquiry>>('/operator/inquiries', { query: { status, cursor: pageParam ?? undefined }, signal }),
      initialPageParam: null as string | null,
      getNextPageParam: (lastPage) => lastPage.nextCursor,
    }),
  );
}

export function useAnswerInquiry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ inquiryId, answer }: { inquiryId: number; answer: string }) =>
      apiRequest<{ inquiry: OperatorInquiry }>(`/operator/inquiries/${encodeURIComponent(String(inquiryId))}/answer`, { method: 'POST', body: { answer } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: supportQueryKeys.all }),
  });
}

export const useOperatorFaq = () =>
  useQuery({ queryKey: supportQueryKeys.operatorFaq, queryFn: ({ signal }) => apiRequest<{ items: OperatorFaqEntry[] }>('/operator/faq', { signal }) });

export function useUpdateFaqEntry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, question, answer }: Pick<OperatorFaqEntry, 'id' | 'question' | 'answer'>) =>
      apiRequest<{ entry: OperatorFaqEntry }>(`/operator/faq/${encodeURIComponent(String(id))}`, { method: 'PUT', body: { question, answer } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: supportQueryKeys.all }),
  });
}
