import type { Post } from '@orchard/shared';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { useLanguageAndCurrencyStore } from '../../../lib/stores/language-and-currency.ts';
import { useUserInfoStore } from '../../../lib/stores/user-info.ts';
import { api } from '../../../test/handlers/api.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { server } from '../../../test/server.ts';
import { ArtistCommunity } from './artist-community.tsx';

const post = (id: number, overrides: Partial<Post> = {}): Post => ({
  id,
  artistId: 3,
  text: `post ${id}`,
  imageUrls: [],
  hidden: false,
  author: { nickname: `fan${id}`, profileImageUrl: null },
  likeCount: 0,
  viewerLiked: false,
  commentCount: 0,
  createdAt: '2026-03-01T01:00:00.000Z',
  editedAt: null,
  viewerIsAuthor: false,
  ...overrides,
});

describe('the artist community tab (docs/product.md#community)', () => {
  beforeEach(() => {
    useLanguageAndCurrencyStore.setState({ language: 'en', currency: 'KRW' });
    useUserInfoStore.setState({ isActive: true, id: 'u1', hasUnreadNotification: false });
  });

  it('lists posts as plain text with their photos and counts, and loads the next page', async () => {
    server.use(
      http.get(api('/artists/3/posts'), ({ request }) => {
        const cursor = new URL(request.url).searchParams.get('cursor');
        if (cursor === 'p2') return HttpResponse.json({ items: [post(1)], nextCursor: null });
        return HttpResponse.json({
          items: [post(3, { text: '<img src=x onerror="window.__xss=1">', imageUrls: ['/api/files/post-images/a.webp', '/api/files/post-images/b.webp'], likeCount: 2, commentCount: 5 }), post(2)],
          nextCursor: 'p2',
        });
      }),
    );
    renderWithProviders(<ArtistCommunity artistId={3} emptyMessage="No posts yet." />, { path: '/artist/group/3?tab=community' });
    expect(await screen.findByText('<img src=x onerror="window.__xss=1">')).toBeTruthy();
    expect(document.querySelector('img[src="x"]')).toBeNull();
    expect(screen.getByRole('img', { name: 'Photo 2' })).toHaveAttribute('src', '/api/files/post-images/b.webp');
    expect(screen.getByRole('button', { name: /5 comments/ })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('post 1')).toBeTruthy();
  });

  it('offers a guest the login prompt instead of the post box, coming back to the community', async () => {
    useUserInfoStore.setState({ isActive: false, id: null, hasUnreadNotification: false });
    server.use(http.get(api('/artists/3/posts'), () => HttpResponse.json({ items: [], nextCursor: null })));
    renderWithProviders(<ArtistCommunity artistId={3} emptyMessage="No posts yet." />, { path: '/artist/group/3?tab=community' });
    expect(await screen.findByText('No posts yet.')).toBeTruthy();
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.getByText('Log in to post in the community.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe('/login?next=%2Fartist%2Fgroup%2F3%3Ftab%3Dcommunity');
  });

  it('lets the author edit their post, and shows another fan a report button instead', async () => {
    let edited: unknown = null;
    server.use(
      http.get(api('/artists/3/posts'), () => HttpResponse.json({ items: [post(2, { viewerIsAuthor: true }), post(1)], nextCursor: null })),
      http.patch(api('/posts/2'), async ({ request }) => {
        edited = await request.json();
        return HttpResponse.json({ post: post(2, { text: 'changed', viewerIsAuthor: true }) });
      }),
    );
    renderWithProviders(<ArtistCommunity artistId={3} emptyMessage="No posts yet." />, { path: '/artist/group/3?tab=community' });
    await screen.findByText('post 2');
    expect(screen.getAllByRole('button', { name: 'Report' })).toHaveLength(1);
    await userEvent.click(screen.getByRole('button', { name: 'Edit' }));
    const box = screen.getByRole('textbox', { name: 'Edit your post' });
    await userEvent.clear(box);
    await userEvent.type(box, '  changed ');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByRole('button', { name: 'Edit' });
    expect(edited).toEqual({ text: 'changed' });
  });

  it('shows an operator a hidden post as hidden', async () => {
    server.use(http.get(api('/artists/3/posts'), () => HttpResponse.json({ items: [post(4, { hidden: true })], nextCursor: null })));
    renderWithProviders(<ArtistCommunity artistId={3} emptyMessage="No posts yet." />, { path: '/artist/group/3?tab=community' });
    expect(await screen.findByText('Hidden by the operator: only operators see this post.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Report' })).toBeNull();
  });
});
