import type { Post } from '@orchard/shared';
import { infiniteQueryOptions, useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiBase, apiRequest } from '../../../lib/http.ts';
import { communityQueryKeys } from './query-keys.ts';

export type PostsPage = { items: Post[]; nextCursor: string | null };

export function getPosts(artistId: number, cursor: string | null, signal?: AbortSignal): Promise<PostsPage> {
  return apiRequest<PostsPage>(`/artists/${encodeURIComponent(String(artistId))}/posts`, { query: { cursor: cursor ?? undefined }, signal });
}

export function getPostsQueryOptions(artistId: number) {
  return infiniteQueryOptions({
    queryKey: communityQueryKeys.posts(artistId),
    queryFn: ({ pageParam, signal }) => getPosts(artistId, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
  });
}

/** An artist's community, newest first, one "load more" page at a time (docs/product.md#community). */
export function usePosts(artistId: number) {
  return useInfiniteQuery(getPostsQueryOptions(artistId));
}

export type NewPost = { text: string; images: File[] };

/**
 * Sends a post as multipart (field `text`, files `images`) through XMLHttpRequest, whose upload
 * events give the progress bar its share sent (fetch has none). Refusals come back as ApiError, as
 * from apiRequest; no time-out, since a slow connection may take long over four photos.
 */
export function sendPost(artistId: number, post: NewPost, onProgress: (share: number) => void): Promise<{ post: Post }> {
  const form = new FormData();
  form.append('text', post.text);
  for (const image of post.images) form.append('images', image, image.name);
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', `${apiBase}/artists/${encodeURIComponent(String(artistId))}/posts`);
    request.withCredentials = true;
    request.setRequestHeader('Accept', 'application/json');
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    request.onerror = () => reject(new ApiError(0, 'network', 'The post could not be sent.'));
    request.onload = () => {
      let json: unknown;
      try {
        json = JSON.parse(request.responseText);
      } catch {
        reject(new ApiError(request.status, 'invalid_response', `POST posts answered ${request.status} without JSON`));
        return;
      }
      if (request.status >= 200 && request.status < 300) {
        onProgress(1);
        resolve(json as { post: Post });
        return;
      }
      const error = (json as { error?: { code?: string; message?: string; details?: unknown } }).error;
      reject(new ApiError(request.status, error?.code ?? 'invalid_response', error?.message ?? `POST posts answered ${request.status}`, error?.details));
    };
    request.send(form);
  });
}

export function useCreatePost(artistId: number, onProgress: (share: number) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (post: NewPost) => sendPost(artistId, post, onProgress),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: communityQueryKeys.posts(artistId) }),
  });
}

export function useEditPost(artistId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ postId, text }: { postId: number; text: string }) =>
      apiRequest<{ post: Post }>(`/posts/${encodeURIComponent(String(postId))}`, { method: 'PATCH', body: { text } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: communityQueryKeys.posts(artistId) }),
  });
}

export function useDeletePost(artistId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (postId: number) => apiRequest<null>(`/posts/${encodeURIComponent(String(postId))}`, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: communityQueryKeys.posts(artistId) }),
  });
}
