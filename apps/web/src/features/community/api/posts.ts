import type { Post } from '@orchard/shared';
import { infiniteQueryOptions, useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, uploadWithProgress } from '../../../lib/http.ts';
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

/** Sends a post as multipart: field `text`, files `images`. */
export function sendPost(artistId: number, post: NewPost, onProgress: (share: number) => void): Promise<{ post: Post }> {
  const form = new FormData();
  form.append('text', post.text);
  for (const image of post.images) form.append('images', image, image.name);
  return uploadWithProgress(`/artists/${encodeURIComponent(String(artistId))}/posts`, form, { onProgress });
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
