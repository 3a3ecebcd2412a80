import type { ArtistRankings, Project } from '@orchard/shared';
import { focusManager } from '@tanstack/react-query';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useLanguageAndCurrencyStore } from '../../lib/stores/language-and-currency.ts';
import { signedOutUserInfo, useUserInfoStore } from '../../lib/stores/user-info.ts';
import { projectFixture } from '../../test/fixtures/project.ts';
import { api, apiError } from '../../test/handlers/api.ts';
import { createTestQueryClient, renderWithProviders } from '../../test/render.tsx';
import { server } from '../../test/server.ts';
import HomePage from './home.tsx';

const names = (en: string) => ({ ko: en, en, zh: en, ja: en, es: en });
// sampleArtists (test/handlers/artists.ts): 1 LUMINA, 2 Stella Nova, 3 Haneul; the fan follows Haneul (3).
const byHaneul = (id: number, title: string, overrides: Partial<Project> = {}) => projectFixture({ id, title, artistId: 3, artistNames: names('Haneul'), ...overrides });
const byLumina = (id: number, title: string, overrides: Partial<Project> = {}) => projectFixture({ id, title, artistId: 1, ...overrides });

type ListQuery = URLSearchParams;
/** Answers `GET /api/projects` from the test's own lists, a page per cursor ('1', '2', ...), recording each query. */
function serveProjects(listFor: (query: ListQuery) => Project[][] | undefined) {
  const asked: ListQuery[] = [];
  server.use(
    http.get(api('/projects'), ({ request }) => {
      const query = new URL(request.url).searchParams;
      asked.push(query);
      const pages = listFor(query) ?? [[]];
      const index = Number(query.get('cursor') ?? 0);
      return HttpResponse.json({ items: pages[index] ?? [], nextCursor: index + 1 < pages.length ? String(index + 1) : null });
    }),
  );
  return asked;
}

const isTop10 = (query: ListQuery) => query.get('sort') === 'orange_value';
const isFollowed = (query: ListQuery) => query.get('following') === 'true';
const isAllFunding = (query: ListQuery) => query.get('status') === 'funding' && query.get('sort') === 'deadline' && !isFollowed(query);

function signIn() {
  useUserInfoStore.setState({ isActive: true, id: 'user-7', hasUnreadNotification: false });
}

let queryClient = createTestQueryClient();
const renderHome = (path = '/') => {
  queryClient = createTestQueryClient();
  return renderWithProviders(<HomePage />, { path, route: '/', queryClient });
};
/** A test ends once every answer is in: a request cut off by the unmount would be reported after it. */
const settle = () => waitFor(() => expect(queryClient.isFetching()).toBe(0));
const panel = () => screen.getByRole('tabpanel');

describe('Home (docs/product.md#discovery)', () => {
  beforeEach(() => {
    useLanguageAndCurrencyStore.setState({ language: 'en', currency: 'KRW' });
    useUserInfoStore.setState(signedOutUserInfo);
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-20T12:00:00+09:00') });
  });

  afterEach(async () => {
    await settle();
    delete (globalThis as { IntersectionObserver?: unknown }).IntersectionObserver;
  });

  it('shows the Top 10 above the tabs: the funding projects with the most raised, ranked, in a row', async () => {
    const asked = serveProjects((query) => (isTop10(query) ? [[byLumina(1, 'Most raised', { raised: 9_000 }), byHaneul(2, 'Second most', { raised: 8_000 })]] : undefined));
    renderHome();
    const top = await screen.findByRole('list', { name: 'Top 10' });
    const cards = within(top).getAllByRole('link');
    expect(cards.map((card) => within(card).getByText(/^No\. \d+$/).textContent)).toEqual(['No. 1', 'No. 2']);
    expect(cards[0]).toHaveAccessibleName(/Most raised/);
    expect(cards[0]).toHaveClass('project-tile--compact');
    const query = asked.find(isTop10)!;
    expect(Object.fromEntries(query)).toEqual({ sort: 'orange_value', status: 'funding', limit: '10' });
    // The Top 10 comes before the tabs.
    expect(top.compareDocumentPosition(screen.getByRole('tablist'))).toBe(Node.DOCUMENT_POSITION_FOLLOWING);
  });

  it('an empty Top 10 says there is no funding yet', async () => {
    renderHome();
    const top = screen.getByRole('region', { name: 'Top 10' });
    expect(await within(top).findByText('There are no funding projects yet.')).toBeInTheDocument();
  });

  it('signed out, Following offers sign-in (back to Home) and lists every funding project, and never asks for the followed ones', async () => {
    const asked = serveProjects((query) => (isAllFunding(query) ? [[byLumina(5, 'Closing first'), byHaneul(6, 'Closing later')]] : undefined));
    renderHome();
    expect(screen.getByRole('tab', { name: 'Following' })).toHaveAttribute('aria-selected', 'true');
    const offer = screen.getByRole('region', { name: 'Log in to see your artists’ fundings first' });
    expect(within(offer).getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
    const list = await within(panel()).findByRole('list', { name: 'Funding now' });
    expect(within(list).getAllByRole('link').map((card) => card.getAttribute('href'))).toEqual(['/project/5', '/project/6']);
    expect(asked.some(isFollowed)).toBe(false);
  });

  it('signed in, Following lists the followed artists’ funding closing soonest first, then the others under their own heading', async () => {
    signIn();
    const asked = serveProjects((query) => {
      if (isFollowed(query)) return [[byHaneul(11, 'Haneul closes soon')]];
      if (isAllFunding(query)) return [[byHaneul(11, 'Haneul closes soon'), byLumina(12, 'LUMINA screen'), projectFixture({ id: 13, title: 'Stella screen', artistId: 2 })]];
      return undefined;
    });
    renderHome();
    const mine = await within(panel()).findByRole('list', { name: 'Your artists’ fundings' });
    expect(within(mine).getAllByRole('link').map((card) => card.getAttribute('href'))).toEqual(['/project/11']);
    const others = await within(panel()).findByRole('list', { name: 'Other artists’ fundings' });
    expect(within(others).getAllByRole('link').map((card) => card.getAttribute('href'))).toEqual(['/project/12', '/project/13']);
    expect(Object.fromEntries(asked.find(isFollowed)!)).toEqual({ status: 'funding', sort: 'deadline', following: 'true' });
    expect(screen.queryByRole('region', { name: /Log in/ })).toBeNull();
  });

  it('signed in, an empty Following says so and offers to find artists, and the others still show', async () => {
    signIn();
    serveProjects((query) => (isAllFunding(query) ? [[byLumina(12, 'LUMINA screen')]] : undefined));
    renderHome();
    expect(await within(panel()).findByText('The artists you follow have no funding open right now. Try following more artists.')).toBeInTheDocument();
    expect(within(panel()).getByRole('link', { name: 'Find artists to follow' })).toHaveAttribute('href', '/artist');
    expect(await within(panel()).findByRole('link', { name: /LUMINA screen/ })).toBeInTheDocument();
  });

  it('keeps the open tab in the address, and opens the tab the address names', async () => {
    const user = userEvent.setup();
    const { unmount } = renderHome();
    // Once Following has its answer: a tab left mid-request cancels it.
    await within(panel()).findByText('There are no funding projects yet.');
    await user.click(screen.getByRole('tab', { name: 'Now Funding' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/?tab=nowFunding');
    expect(screen.getByRole('tab', { name: 'Now Funding' })).toHaveAttribute('aria-selected', 'true');
    await within(panel()).findByText('There are no funding projects yet.');
    await user.click(screen.getByRole('tab', { name: 'Following' }));
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/);
    unmount();
    renderHome('/?tab=films');
    expect(screen.getByRole('tab', { name: 'Films' })).toHaveAttribute('aria-selected', 'true');
    expect(await within(panel()).findByText('No films have been posted yet.')).toBeInTheDocument();
  });

  it('Now Funding lists every funding project, closing soonest first, with progress and days left', async () => {
    const asked = serveProjects((query) =>
      isAllFunding(query) ? [[byLumina(21, 'Two days left', { closesAt: '2026-11-22T15:00:00.000Z', raised: 5_000 }), byHaneul(22, 'Later', { closesAt: '2026-12-10T15:00:00.000Z' })]] : undefined,
    );
    renderHome('/?tab=nowFunding');
    const first = await within(panel()).findByRole('link', { name: /Two days left/ });
    expect(within(first).getByText('2 days left')).toHaveTextContent('Closing soon');
    expect(within(first).getByRole('progressbar', { name: 'Funding progress' })).toHaveAttribute('aria-valuenow', '50');
    expect(within(first).getByText('5,000 / 10,000 Orange')).toBeInTheDocument();
    expect(asked.filter(isAllFunding)).toHaveLength(1);
  });

  it('Now Funding, empty, says there is no funding yet', async () => {
    renderHome('/?tab=nowFunding');
    expect(await within(panel()).findByText('There are no funding projects yet.')).toBeInTheDocument();
  });

  it('Awarded lists awarded projects newest first, each with its first execution photo', async () => {
    const asked = serveProjects((query) =>
      query.get('status') === 'awarded' ? [[byLumina(31, 'Ran at Gangnam', { status: 'awarded', closesAt: null, photos: ['/uploads/ad-1.jpg', '/uploads/ad-2.jpg'] })]] : undefined,
    );
    renderHome('/?tab=awarded');
    const card = await within(panel()).findByRole('link', { name: /Ran at Gangnam/ });
    expect(card.querySelector('img')).toHaveAttribute('src', '/uploads/ad-1.jpg');
    expect(within(card).getByText('Awarded')).toHaveClass('status-badge--awarded');
    expect(Object.fromEntries(asked.find((query) => query.get('status') === 'awarded')!)).toEqual({ status: 'awarded', sort: 'latest' });
  });

  it('Awarded, empty, says no ad has run yet', async () => {
    renderHome('/?tab=awarded');
    expect(await within(panel()).findByText('No ads have been awarded yet.')).toBeInTheDocument();
  });

  it('loads the next page with the "more" button', async () => {
    const user = userEvent.setup();
    const asked = serveProjects((query) => (isAllFunding(query) ? [[byLumina(41, 'Page one')], [byLumina(42, 'Page two')]] : undefined));
    renderHome('/?tab=nowFunding');
    await within(panel()).findByRole('link', { name: /Page one/ });
    await user.click(within(panel()).getByRole('button', { name: 'Show more' }));
    expect(await within(panel()).findByRole('link', { name: /Page two/ })).toBeInTheDocument();
    expect(asked.filter(isAllFunding).map((query) => query.get('cursor'))).toEqual([null, '1']);
    expect(within(panel()).queryByRole('button', { name: 'Show more' })).toBeNull();
  });

  it('loads the next page when the end of the list nears the screen, again while it stays in view', async () => {
    const observers: { callback: IntersectionObserverCallback; elements: Element[] }[] = [];
    (globalThis as { IntersectionObserver?: unknown }).IntersectionObserver = class {
      elements: Element[] = [];
      constructor(private callback: IntersectionObserverCallback) {
        observers.push(this as unknown as { callback: IntersectionObserverCallback; elements: Element[] });
      }
      observe(element: Element) {
        this.elements.push(element);
        // The end of a short list is in view at once.
        this.callback([{ isIntersecting: true, target: element } as unknown as IntersectionObserverEntry], this as unknown as IntersectionObserver);
      }
      disconnect() {
        this.elements = [];
      }
      unobserve() {}
      takeRecords() {
        return [];
      }
    };
    const asked = serveProjects((query) => (isAllFunding(query) ? [[byLumina(51, 'Page one')], [byLumina(52, 'Page two')], [byLumina(53, 'Page three')]] : undefined));
    renderHome('/?tab=nowFunding');
    expect(await within(panel()).findByRole('link', { name: /Page three/ })).toBeInTheDocument();
    expect(asked.filter(isAllFunding).map((query) => query.get('cursor'))).toEqual([null, '1', '2']);
    expect(observers.length).toBeGreaterThan(0);
  });

  it('asks for the lists again when the window regains focus, so figures are current', async () => {
    serveProjects((query) => (isAllFunding(query) ? [[byLumina(71, 'Raised moves', { raised: 1_000 })]] : undefined));
    renderHome('/?tab=nowFunding');
    await within(panel()).findByRole('link', { name: /Raised moves/ });
    await settle();
    const askedAgain = serveProjects((query) => (isAllFunding(query) ? [[byLumina(71, 'Raised moves', { raised: 6_000 })]] : undefined));
    act(() => {
      focusManager.setFocused(false);
      focusManager.setFocused(true);
    });
    expect(await within(panel()).findByText('6,000 / 10,000 Orange')).toBeInTheDocument();
    expect(askedAgain.filter(isAllFunding)).toHaveLength(1);
    // The Top 10 was asked again too; the test ends once every answer is in.
    expect(askedAgain.filter(isTop10)).toHaveLength(1);
    focusManager.setFocused(undefined);
  });

  it('a list that failed is an error with a retry, never the empty state', async () => {
    vi.useRealTimers();
    vi.useFakeTimers({ shouldAdvanceTime: true, now: new Date('2026-11-20T12:00:00+09:00') });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    server.use(http.get(api('/projects'), () => apiError(503, 'unavailable')));
    renderHome('/?tab=nowFunding');
    // A 503 may pass: the query client asks again (1 s, 2 s, 4 s) before it gives up.
    await vi.advanceTimersByTimeAsync(10_000);
    const alert = await within(panel()).findByRole('alert');
    expect(alert).toHaveTextContent('Orchard is temporarily unavailable');
    expect(within(panel()).queryByText('There are no funding projects yet.')).toBeNull();
    serveProjects((query) => (isAllFunding(query) ? [[byLumina(61, 'Back again')]] : undefined));
    await userEvent.setup({ advanceTimers: vi.advanceTimersByTime }).click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await within(panel()).findByRole('link', { name: /Back again/ })).toBeInTheDocument();
  });
});

describe('Home ranking (docs/product.md#discovery: rankings)', () => {
  const ranking = (by: 'orange' | 'backers'): ArtistRankings => ({
    period: '2026-11',
    items:
      by === 'orange'
        ? [
            { artistId: 1, rank: 1, previousRank: 3, orange: 52_000, backers: 12 },
            { artistId: 2, rank: 2, previousRank: 1, orange: 40_000, backers: 30 },
            { artistId: 3, rank: 3, previousRank: null, orange: 1_000, backers: 1 },
          ]
        : [
            { artistId: 2, rank: 1, previousRank: 1, orange: 40_000, backers: 30 },
            { artistId: 1, rank: 2, previousRank: 2, orange: 52_000, backers: 12 },
          ],
  });

  beforeEach(() => {
    useLanguageAndCurrencyStore.setState({ language: 'en', currency: 'KRW' });
    useUserInfoStore.setState(signedOutUserInfo);
  });

  afterEach(() => settle());

  it('ranks artists by Orange this month: the month, each place with the artist (linked), the figure and the movement', async () => {
    const asked: string[] = [];
    server.use(
      http.get(api('/rankings/artists'), ({ request }) => {
        const by = new URL(request.url).searchParams.get('by') as 'orange' | 'backers';
        asked.push(new URL(request.url).search);
        return HttpResponse.json(ranking(by));
      }),
    );
    renderHome('/?tab=ranking');
    const list = await within(panel()).findByRole('list', { name: 'Artist ranking this month' });
    expect(within(panel()).getByText('November 2026')).toHaveAttribute('datetime', '2026-11');
    const rows = within(list).getAllByRole('listitem');
    expect(rows).toHaveLength(3);
    expect(await within(rows[0]!).findByRole('link', { name: 'LUMINA' })).toHaveAttribute('href', '/artist/group/1');
    expect(within(rows[0]!).getByText('No. 1')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('52,000 Orange')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('▲2')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('Up 2 places from last month')).toBeInTheDocument();
    expect(await within(rows[1]!).findByRole('link', { name: 'Stella Nova' })).toHaveAttribute('href', '/artist/solo/2');
    expect(within(rows[1]!).getByText('▼1')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('Down 1 place from last month')).toBeInTheDocument();
    expect(within(rows[2]!).getByText('NEW')).toBeInTheDocument();
    expect(within(rows[2]!).getByText('New this month')).toBeInTheDocument();
    expect(asked).toEqual(['?by=orange']);
  });

  it('switches to unique backers, keeps the choice in the address, and marks an unchanged place with a dash', async () => {
    const user = userEvent.setup();
    server.use(http.get(api('/rankings/artists'), ({ request }) => HttpResponse.json(ranking(new URL(request.url).searchParams.get('by') as 'orange' | 'backers'))));
    renderHome('/?tab=ranking');
    await within(panel()).findByText('52,000 Orange');
    expect(within(panel()).getByRole('button', { name: 'Orange funded' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(within(panel()).getByRole('button', { name: 'Backers' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/?tab=ranking&by=backers');
    const list = await within(panel()).findByRole('list', { name: 'Artist ranking this month' });
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(2));
    const [first] = within(list).getAllByRole('listitem');
    expect(within(first!).getByText('30 backers')).toBeInTheDocument();
    expect(within(first!).getByText('–')).toBeInTheDocument();
    expect(within(first!).getByText('Same place as last month')).toBeInTheDocument();
  });

  it('an empty month says so', async () => {
    renderHome('/?tab=ranking');
    expect(await within(panel()).findByText('No one has funded anything yet this month. Be the first!')).toBeInTheDocument();
  });

  it('a ranking that failed offers a retry', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    server.use(http.get(api('/rankings/artists'), () => apiError(503, 'unavailable')));
    renderHome('/?tab=ranking');
    await vi.advanceTimersByTimeAsync(10_000);
    const alert = await within(panel()).findByRole('alert');
    server.use(http.get(api('/rankings/artists'), () => HttpResponse.json(ranking('orange'))));
    await userEvent.setup({ advanceTimers: vi.advanceTimersByTime }).click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await within(panel()).findByText('52,000 Orange')).toBeInTheDocument();
  });
});
