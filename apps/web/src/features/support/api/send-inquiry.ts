import type { FaqCategory } from '@orchard/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { uploadWithProgress } from '../../../lib/http.ts';
import { supportQueryKeys } from './query-keys.ts';

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
