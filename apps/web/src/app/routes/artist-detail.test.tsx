import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useLanguageAndCurrencyStore } from '../../lib/stores/language-and-currency.ts';
import { useRedirectToLoginDialogStore } from '../../lib/stores/redirect-to-login-dialog.ts';
import { useUserInfoStore } from '../../lib/stores/user-info.ts';
import { projectFixture } from '../../test/fixtures/project.ts';
import { api } from '../../test/handlers/api.ts';
import { sampleArtists } from '../../test/handlers/artists.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { server } from '../../test/server.ts';
import ArtistDetailPage from './artist-detail.tsx';

const renderArtist = (path: string) => renderWithProviders(<ArtistDetailPage />, { path, route: '/artist/:type/:id' });
const location = () => screen.getByTestId('location').textContent;

describe('artist page', () => {
  beforeEach(() => {
    useLanguageAndCurrencyStore.setState({ language: 'en', currency: 'KRW' });
    useUserInfoStore.getState().resetUserInfo();
    useRedirectToLoginDialogStore.getState().closeRedirectToLoginDialog();
  });

  it('a path with the wrong type goes to the artist\'s own type, replacing it', async () => {
    renderArtist('/artist/solo/1');
    expect(await screen.findByRole('heading', { name: 'LUMINA' })).toBeInTheDocument();
    expect(location()).toBe('/artist/group/1');
  });

  it('an artist that does not exist is not found, once, with no tabs drawn', async () => {
    let requests = 0;
    server.use(
      http.get(api('/artists/:artistId'), () => {
        requests += 1;
        return HttpResponse.json({ error: { code: 'artists.not_found', message: 'x' } }, { status: 404 });
      }),
    );
    renderArtist('/artist/group/999');
    expect(await screen.findByText("We couldn't find this artist.")).toBeInTheDocument();
    expect(screen.queryByRole('tablist')).not.toBeInTheDocument();
    expect(requests).toBe(1);
  });

  it('an id that cannot be an artist is not found without asking', async () => {
    renderArtist('/artist/group/abc');
    expect(await screen.findByText("We couldn't find this artist.")).toBeInTheDocument();
  });

  it('signed out, follow opens the login prompt instead of calling the API', async () => {
    renderArtist('/artist/group/1');
    await userEvent.click(await screen.findByRole('button', { name: 'Follow' }));
    expect(useRedirectToLoginDialogStore.getState().isOpen).toBe(true);
  });

  it('signed in, follow follows and the button says so', async () => {
    useUserInfoStore.getState().setUserInfo({ isActive: true, id: 'user-7', hasUnreadNotification: false });
    const follows: string[] = [];
    let following = false;
    server.use(
      http.get(api('/artists/:artistId'), () => HttpResponse.json({ ...sampleArtists[0]!, following })),
      http.put(api('/users/following-artists/:artistId'), ({ params }) => {
        follows.push(String(params.artistId));
        following = true;
        return HttpResponse.json({ artistId: 1, following: true, followingCount: 2 });
      }),
    );
    renderArtist('/artist/group/1');
    await userEvent.click(await screen.findByRole('button', { name: 'Follow' }));
    expect(await screen.findByRole('button', { name: 'Following' })).toBeInTheDocument();
    expect(follows).toEqual(['1']);
  });

  describe('the Projects tab (docs/product.md#discovery)', () => {
    /** Answers GET /api/projects from `pages` by its query (without the cursor), a page per cursor; records each query. */
    function answerProjects(pages: Record<string, { items: ReturnType<typeof projectFixture>[]; nextCursor: string | null }[]>) {
      const asked: string[] = [];
      server.use(
        http.get(api('/projects'), ({ request }) => {
          const params = new URL(request.url).searchParams;
          asked.push(params.toString());
          const cursor = params.get('cursor');
          params.delete('cursor');
          const list = pages[params.toString()] ?? [{ items: [], nextCursor: null }];
          return HttpResponse.json(list[cursor === null ? 0 : Number(cursor)]);
        }),
      );
      return asked;
    }
    const project = (id: number, status: 'funding' | 'succeeded' | 'awarded' | 'failed', title: string) => projectFixture({ id, status, title, artistId: 1 });

    it('lists the funding projects first, then the others, both by points raised, each once', async () => {
      const asked = answerProjects({
        'artistId=1&status=funding&sort=raised': [{ items: [project(1, 'funding', 'Closing tomorrow')], nextCursor: null }],
        'artistId=1&sort=raised': [{ items: [project(2, 'succeeded', 'Reached the goal'), project(1, 'funding', 'Closing tomorrow'), project(3, 'awarded', 'Ran in Gangnam')], nextCursor: null }],
      });
      renderArtist('/artist/group/1');
      const funding = await screen.findByRole('region', { name: 'Funding now' });
      expect(within(funding).getAllByTestId('project-card').map((card) => card.textContent)).toEqual([expect.stringContaining('Closing tomorrow')]);
      const others = screen.getByRole('region', { name: 'Other projects' });
      expect(within(others).getAllByTestId('project-card').map((card) => card.getAttribute('href'))).toEqual(['/project/2', '/project/3']);
      expect(asked.sort()).toEqual(['artistId=1&sort=raised', 'artistId=1&status=funding&sort=raised']);
      expect(screen.getByRole('button', { name: 'By points' })).toHaveAttribute('aria-pressed', 'true');
      expect(screen.getByRole('button', { name: 'All' })).toHaveAttribute('aria-pressed', 'true');
    });

    it('sorts both groups by latest when asked (issue 32, item 13), and keeps the order in the address', async () => {
      const [newer, richer] = [project(5, 'funding', 'Newer'), project(6, 'funding', 'Richer')];
      const asked = answerProjects({
        'artistId=1&status=funding&sort=raised': [{ items: [richer, newer], nextCursor: null }],
        'artistId=1&status=funding&sort=latest': [{ items: [newer, richer], nextCursor: null }],
        'artistId=1&sort=latest': [{ items: [project(4, 'failed', 'Fell short')], nextCursor: null }],
      });
      renderArtist('/artist/group/1');
      await userEvent.click(await screen.findByRole('button', { name: 'Latest' }));
      expect(await screen.findByRole('link', { name: /Fell short/ })).toBeInTheDocument();
      const funding = screen.getByRole('region', { name: 'Funding now' });
      await vi.waitFor(() => expect(within(funding).getAllByTestId('project-card').map((card) => card.getAttribute('href'))).toEqual(['/project/5', '/project/6']));
      expect(asked).toContain('artistId=1&sort=latest');
      expect(asked).toContain('artistId=1&status=funding&sort=latest');
      expect(location()).toBe('/artist/group/1?sort=latest');
      expect(screen.getByRole('button', { name: 'Latest' })).toHaveAttribute('aria-pressed', 'true');
    });

    it('filters by a status in the chosen order, and says when that status has none', async () => {
      const asked = answerProjects({ 'artistId=1&status=awarded&sort=raised': [{ items: [project(3, 'awarded', 'Ran in Gangnam')], nextCursor: null }] });
      renderArtist('/artist/group/1');
      const filters = await screen.findByRole('group', { name: 'Filter by status' });
      await userEvent.click(within(filters).getByRole('button', { name: 'Awarded' }));
      expect(await screen.findByRole('link', { name: /Ran in Gangnam/ })).toBeInTheDocument();
      expect(screen.queryByRole('region', { name: 'Funding now' })).not.toBeInTheDocument();
      expect(location()).toBe('/artist/group/1?status=awarded');
      expect(asked).toContain('artistId=1&status=awarded&sort=raised');

      await userEvent.click(within(filters).getByRole('button', { name: 'Failed' }));
      expect(await screen.findByText('No projects have fallen short.')).toBeInTheDocument();
      expect(asked).toContain('artistId=1&status=failed&sort=raised');
      await userEvent.click(within(filters).getByRole('button', { name: 'All' }));
      expect(await screen.findByText('This artist has no projects yet.')).toBeInTheDocument();
      expect(location()).toBe('/artist/group/1');
    });

    it('comes back with the filter and order the address holds (Back from a project)', async () => {
      const asked = answerProjects({ 'artistId=1&status=succeeded&sort=latest': [{ items: [project(2, 'succeeded', 'Reached the goal')], nextCursor: null }] });
      renderArtist('/artist/group/1?status=succeeded&sort=latest');
      expect(await screen.findByRole('link', { name: /Reached the goal/ })).toBeInTheDocument();
      expect(asked).toEqual(['artistId=1&status=succeeded&sort=latest']);
      expect(screen.getByRole('button', { name: 'Succeeded' })).toHaveAttribute('aria-pressed', 'true');
      expect(screen.getByRole('button', { name: 'Latest' })).toHaveAttribute('aria-pressed', 'true');
    });

    it('loads the next page where the last one stopped', async () => {
      const asked = answerProjects({
        'artistId=1&status=succeeded&sort=raised': [
          { items: [project(2, 'succeeded', 'First page')], nextCursor: '1' },
          { items: [project(5, 'succeeded', 'Second page')], nextCursor: null },
        ],
      });
      renderArtist('/artist/group/1?status=succeeded');
      expect(await screen.findByRole('link', { name: /First page/ })).toBeInTheDocument();
      await userEvent.click(screen.getByRole('button', { name: 'Show more' }));
      expect(await screen.findByRole('link', { name: /Second page/ })).toBeInTheDocument();
      expect(screen.getByRole('link', { name: /First page/ })).toBeInTheDocument();
      expect(asked).toEqual(['artistId=1&status=succeeded&sort=raised', 'artistId=1&status=succeeded&sort=raised&cursor=1']);
      expect(screen.queryByRole('button', { name: 'Show more' })).not.toBeInTheDocument();
    });

    it('asks on by itself when a whole page of the others was funding ones', async () => {
      answerProjects({
        'artistId=1&status=funding&sort=deadline': [{ items: [project(1, 'funding', 'Closing tomorrow')], nextCursor: null }],
        'artistId=1&sort=raised': [
          { items: [project(1, 'funding', 'Closing tomorrow')], nextCursor: '1' },
          { items: [project(2, 'succeeded', 'Reached the goal')], nextCursor: null },
        ],
      });
      renderArtist('/artist/group/1');
      const others = await screen.findByRole('region', { name: 'Other projects' });
      expect(await within(others).findByRole('link', { name: /Reached the goal/ })).toBeInTheDocument();
    });

    it('shows the artist\'s films, empty here, with a way to post one and nothing to sort or filter', async () => {
      renderArtist('/artist/group/1');
      await userEvent.click(await screen.findByRole('tab', { name: 'Films' }));
      expect(await screen.findByText('No films have been posted yet.')).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Post a film' })).toHaveAttribute('href', '/create-film?artistId=1');
      expect(screen.queryByRole('group', { name: 'Sort' })).not.toBeInTheDocument();
      expect(location()).toBe('/artist/group/1?tab=films');
    });
  });
});
