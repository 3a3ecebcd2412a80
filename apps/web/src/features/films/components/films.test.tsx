import type { Film } from '@orchard/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useLanguageAndCurrencyStore } from '../../../lib/stores/language-and-currency.ts';
import { api } from '../../../test/handlers/api.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { setBrowserOnline } from '../../../test/offline.ts';
import { server } from '../../../test/server.ts';
import { FilmFeed } from './film-feed.tsx';
import { FilmForm } from './film-form.tsx';
import { FilmPlayer } from './film-player.tsx';

const film = (id: number, overrides: Partial<Film> = {}): Film => ({
  id,
  title: `Film ${id}`,
  artistId: 1,
  projectId: null,
  posterUrl: null,
  youtubeId: 'dQw4w9WgXcQ',
  videoUrl: null,
  durationSeconds: null,
  width: null,
  height: null,
  likes: 2,
  comments: 1,
  liked: false,
  author: { nickname: 'fan1' },
  viewerIsAuthor: false,
  hidden: false,
  createdAt: '2026-11-20T03:00:00.000Z',
  ...overrides,
});

describe('films', () => {
  beforeEach(() => useLanguageAndCurrencyStore.setState({ language: 'en', currency: 'KRW' }));

  it('lists films newest first as links, renders a hostile title as text, and loads the next page', async () => {
    const asked: string[] = [];
    server.use(
      http.get(api('/films'), ({ request }) => {
        const url = new URL(request.url);
        asked.push(url.search);
        return url.searchParams.get('cursor')
          ? HttpResponse.json({ items: [film(1)], nextCursor: null })
          : HttpResponse.json({ items: [film(3, { title: '<img src=x onerror=alert(1)>' }), film(2, { youtubeId: null, videoUrl: '/api/files/films/a.mp4', durationSeconds: 65 })], nextCursor: 'c2' });
      }),
    );
    const user = userEvent.setup();
    renderWithProviders(<FilmFeed params={{ artistId: 4 }} emptyMessage="none" />);
    const hostile = await screen.findByRole('link', { name: /<img src=x onerror=alert\(1\)>/ });
    expect(hostile).toHaveAttribute('href', '/film/3');
    expect(document.querySelector('img[src="x"]')).toBeNull();
    expect(within(screen.getByRole('link', { name: /Film 2/ })).getByText('1:05')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'More films' }));
    expect(await screen.findByRole('link', { name: /Film 1/ })).toBeInTheDocument();
    expect(asked).toEqual(['?artistId=4', '?artistId=4&cursor=c2']);
  });

  it('waits while offline and loads the list once the connection is back, without a tap (docs/product.md#retries)', async () => {
    let asked = 0;
    server.use(
      http.get(api('/films'), () => {
        asked += 1;
        return HttpResponse.json({ items: [film(5)], nextCursor: null });
      }),
    );
    setBrowserOnline(false);
    renderWithProviders(<FilmFeed params={{}} emptyMessage="none" />);
    expect(await screen.findByRole('status')).toHaveTextContent('Loading films');
    expect(asked).toBe(0);
    setBrowserOnline(true);
    expect(await screen.findByRole('link', { name: /Film 5/ })).toBeInTheDocument();
    expect(asked).toBe(1);
  });

  it('loads nothing from YouTube until the fan taps play, then the privacy-enhanced player', async () => {
    const user = userEvent.setup();
    renderWithProviders(<FilmPlayer film={film(5)} />);
    expect(document.querySelector('iframe')).toBeNull();
    await user.click(screen.getByRole('button', { name: /Play on YouTube/ }));
    expect(document.querySelector('iframe')?.getAttribute('src')).toBe('https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1');
  });

  it('plays an upload in the browser\u2019s player with its poster', () => {
    renderWithProviders(<FilmPlayer film={film(6, { youtubeId: null, videoUrl: '/api/files/films/b.mp4', posterUrl: '/api/files/film-posters/b.webp' })} />);
    const video = document.querySelector('video')!;
    expect(video.getAttribute('src')).toBe('/api/files/films/b.mp4');
    expect(video.getAttribute('poster')).toBe('/api/files/film-posters/b.webp');
  });

  it('shows the size limit before a file is picked, and refuses a bad YouTube link and a file over the limit without sending', async () => {
    const posted = vi.fn();
    server.use(
      http.get(api('/films/limits'), () => HttpResponse.json({ maxBytes: 1024 * 1024 })),
      http.post(api('/films'), () => {
        posted();
        return HttpResponse.json({}, { status: 500 });
      }),
    );
    const user = userEvent.setup();
    renderWithProviders(<FilmForm artists={[{ id: 1, name: 'Lumina' }]} artistId={1} onArtistChange={() => {}} projects={[]} />);
    expect(await screen.findByText('MP4 only, up to 1 MB.')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Title'), 'My fancam');
    await user.upload(screen.getByLabelText('MP4 video'), new File([new Uint8Array(1024 * 1024 + 1)], 'big.mp4', { type: 'video/mp4' }));
    await user.click(screen.getByRole('button', { name: 'Post' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This video is larger than 1 MB.');
    await user.click(screen.getByRole('button', { name: 'YouTube link' }));
    await user.type(screen.getByRole('textbox', { name: 'YouTube link' }), 'https://vimeo.com/1');
    await user.click(screen.getByRole('button', { name: 'Post' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please enter a YouTube watch, youtu.be or Shorts link.');
    expect(posted).not.toHaveBeenCalled();
  });
});
