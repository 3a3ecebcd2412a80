import type { FaqResponse, FaqCategory, Inquiry, Language, OperatorFaqEntry, OperatorInquiry } from '@orchard/shared';
import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest, uploadWithProgress } from '../../../lib/http.ts';

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

/** Sends an inquiry as multipart: its fields, then files `images`. */
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
  return uploadWithProgress('/inquiries', form, { onProgress });
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
