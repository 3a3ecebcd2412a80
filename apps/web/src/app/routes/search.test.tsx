import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useRecentSearchesStore } from '../../features/search/stores/recent-searches.ts';
import { searchDebounceMs } from '../../features/search/hooks/use-search-text.ts';
import { useLanguageAndCurrencyStore } from '../../lib/stores/language-and-currency.ts';
import { useRedirectToLoginDialogStore } from '../../lib/stores/redirect-to-login-dialog.ts';
import { useUserInfoStore } from '../../lib/stores/user-info.ts';
import { projectFixture } from '../../test/fixtures/project.ts';
import { api, apiError } from '../../test/handlers/api.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { server } from '../../test/server.ts';
import SearchPage from './search.tsx';

const renderSearch = (path = '/search') => renderWithProviders(<SearchPage />, { path, route: '/search' });
const location = () => screen.getByTestId('location').textContent;
const box = () => screen.getByRole('searchbox', { name: 'Search artists and projects' });
const sleep = (ms: number) => act(() => new Promise((resolve) => setTimeout(resolve, ms)));

/** Every text the page searched for, in order. */
function recordSearches(): string[] {
  const sent: string[] = [];
  server.events.on('request:start', ({ request }) => {
    const url = new URL(request.url);
    if (url.pathname === '/api/search') sent.push(url.searchParams.get('q') ?? '');
  });
  return sent;
}

describe('search (docs/product.md#discovery)', () => {
  beforeEach(() => {
    useLanguageAndCurrencyStore.setState({ language: 'en', currency: 'KRW' });
    useUserInfoStore.getState().resetUserInfo();
    useRedirectToLoginDialogStore.getState().closeRedirectToLoginDialog();
    useRecentSearchesStore.setState({ searches: [] });
    server.events.removeAllListeners();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('groups what it finds: artists, funding projects, ended projects', async () => {
    renderSearch();
    await userEvent.type(box(), 'lumina');
    const artists = await screen.findByRole('region', { name: 'Artists' });
    expect(within(artists).getByRole('link', { name: /LUMINA/ })).toHaveAttribute('href', '/artist/group/1');
    expect(within(artists).getByRole('button', { name: 'Follow' })).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Funding projects' })).getByRole('link', { name: /LUMINA subway screen/ })).toHaveAttribute('href', '/project/101');
    expect(within(screen.getByRole('region', { name: 'Ended projects' })).getByRole('link', { name: /LUMINA debut anniversary/ })).toHaveAttribute('href', '/project/102');
    expect(location()).toBe('/search?q=lumina');
  });

  it('lists a project that opens later in its own group, as opening soon with its opening day, not under funding (issue 32, item 18)', async () => {
    const funding = projectFixture({ id: 1, title: 'Funding now' });
    const upcoming = projectFixture({ id: 2, title: 'Opens later', status: 'created', fundingStartDate: '2026-12-28', closesAt: null });
    server.use(http.get(api('/search'), () => HttpResponse.json({ artists: [], projects: [funding, upcoming] })));
    renderSearch();
    await userEvent.type(box(), 'lumina');
    const fundingGroup = await screen.findByRole('region', { name: 'Funding projects' });
    expect(within(fundingGroup).getAllByTestId('project-card').map((card) => card.getAttribute('href'))).toEqual(['/project/1']);
    const card = within(screen.getByRole('region', { name: 'Projects opening soon' })).getByTestId('project-card');
    expect(within(card).getByText('Opening soon')).toHaveClass('status-badge--created');
    expect(within(card).getByText(/^Opens .*28/)).toBeInTheDocument();
    expect(screen.queryByText('Created')).toBeNull();
  });

  it('sends the text trimmed, in the interface language, once typing pauses', async () => {
    useLanguageAndCurrencyStore.setState({ language: 'ja' });
    const requests: string[] = [];
    server.use(
      http.get(api('/search'), ({ request }) => {
        const { searchParams } = new URL(request.url);
        requests.push(`${searchParams.get('q')}|${searchParams.get('lang')}`);
        return HttpResponse.json({ artists: [], projects: [] });
      }),
    );
    // The pause is measured on a fake clock: on a busy machine a real one can stall between two
    // keystrokes for longer than the pause itself.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    renderSearch();
    fireEvent.change(box(), { target: { value: '  stel' } });
    await act(() => vi.advanceTimersByTimeAsync(searchDebounceMs - 1));
    fireEvent.change(box(), { target: { value: '  stella ' } });
    await act(() => vi.advanceTimersByTimeAsync(searchDebounceMs - 1));
    expect(requests).toEqual([]);
    await act(() => vi.advanceTimersByTimeAsync(1));
    await vi.waitFor(() => expect(screen.getByText('Nothing matches your search.')).toBeInTheDocument());
    expect(requests).toEqual(['stella|ja']);
  });

  it('does not search while an input method is composing, and searches the word it settles on', async () => {
    const sent = recordSearches();
    renderSearch();
    const input = box();
    fireEvent.compositionStart(input);
    for (const step of ['ㄹ', '루', '루미', '루민', '루미나']) fireEvent.change(input, { target: { value: step } });
    await sleep(searchDebounceMs * 2);
    expect(sent).toEqual([]);
    fireEvent.compositionEnd(input, { data: '루미나' });
    await waitFor(() => expect(sent).toEqual(['루미나']));
    expect(await screen.findByRole('region', { name: 'Artists' })).toBeInTheDocument();
  });

  it('does not take the Enter that confirms a composed word as a search', async () => {
    renderSearch();
    const input = box();
    fireEvent.compositionStart(input);
    fireEvent.change(input, { target: { value: 'るみな' } });
    fireEvent.submit(input.closest('form')!);
    expect(useRecentSearchesStore.getState().searches).toEqual([]);
    fireEvent.compositionEnd(input);
    fireEvent.submit(input.closest('form')!);
    expect(useRecentSearchesStore.getState().searches).toEqual(['るみな']);
    expect(await screen.findByText('Nothing matches your search.')).toBeInTheDocument();
  });

  it('restores the search in the address (Back from a result) without typing', async () => {
    renderSearch('/search?q=stella');
    expect(box()).toHaveValue('stella');
    expect(await screen.findByRole('link', { name: /Stella Nova/ })).toBeInTheDocument();
  });

  it('remembers a submitted search and a search whose result was opened, and shows them when the box is empty', async () => {
    renderSearch();
    await userEvent.type(box(), 'stella{Enter}');
    await userEvent.click(await screen.findByRole('button', { name: 'Clear the search' }));
    expect(location()).toBe('/search');
    const recent = await screen.findByRole('region', { name: 'Recent searches' });
    expect(within(recent).getByRole('button', { name: 'stella' })).toBeInTheDocument();
    expect(box()).toHaveFocus();

    await userEvent.type(box(), 'lumina');
    await userEvent.click(await screen.findByRole('link', { name: /LUMINA subway screen/ }));
    expect(useRecentSearchesStore.getState().searches).toEqual(['lumina', 'stella']);
  });

  it('searches again from a recent search, which moves it to the top', async () => {
    useRecentSearchesStore.setState({ searches: ['lumina', 'stella'] });
    renderSearch();
    await userEvent.click(screen.getByRole('button', { name: 'stella' }));
    expect(box()).toHaveValue('stella');
    expect(await screen.findByRole('link', { name: /Stella Nova/ })).toBeInTheDocument();
    expect(location()).toBe('/search?q=stella');
    expect(useRecentSearchesStore.getState().searches).toEqual(['stella', 'lumina']);
  });

  it('removes one recent search, or all of them', async () => {
    useRecentSearchesStore.setState({ searches: ['lumina', 'stella', 'haneul'] });
    renderSearch();
    await userEvent.click(screen.getByRole('button', { name: 'Remove “stella” from recent searches' }));
    expect(screen.queryByRole('button', { name: 'stella' })).not.toBeInTheDocument();
    expect(useRecentSearchesStore.getState().searches).toEqual(['lumina', 'haneul']);
    await userEvent.click(screen.getByRole('button', { name: 'Clear all' }));
    expect(screen.queryByRole('region', { name: 'Recent searches' })).not.toBeInTheDocument();
    expect(screen.getByText('Find artists and projects by a name or a title, in any language.')).toBeInTheDocument();
  });

  it('says when nothing matches, with a hint', async () => {
    renderSearch('/search?q=zzz');
    expect(await screen.findByText('Nothing matches your search.')).toBeInTheDocument();
    expect(screen.getByText(/Korean initial consonants/)).toBeInTheDocument();
  });

  it('shows that it is searching, then a failure with a retry that searches again', async () => {
    let calls = 0;
    server.use(
      http.get(api('/search'), () => {
        calls += 1;
        return calls === 1 ? apiError(400, 'validation.invalid') : HttpResponse.json({ artists: [], projects: [] });
      }),
    );
    renderSearch('/search?q=lumina');
    expect(screen.getByRole('status')).toHaveTextContent('Searching...');
    await userEvent.click(await screen.findByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Nothing matches your search.')).toBeInTheDocument();
    expect(calls).toBe(2);
  });

  it('signed out, follow on a result asks to log in instead of calling the API', async () => {
    renderSearch('/search?q=lumina');
    const artists = await screen.findByRole('region', { name: 'Artists' });
    await userEvent.click(within(artists).getByRole('button', { name: 'Follow' }));
    expect(useRedirectToLoginDialogStore.getState().isOpen).toBe(true);
  });

  it('signed in, follow follows and the result says so', async () => {
    useUserInfoStore.getState().setUserInfo({ isActive: true, id: 'user-7', hasUnreadNotification: false });
    let following = false;
    server.use(
      http.get(api('/search'), async () => {
        const { sampleArtists } = await import('../../test/handlers/artists.ts');
        return HttpResponse.json({ artists: [{ ...sampleArtists[0]!, following }], projects: [] });
      }),
      http.put(api('/users/following-artists/:artistId'), () => {
        following = true;
        return HttpResponse.json({ artistId: 1, following: true, followingCount: 2 });
      }),
    );
    renderSearch('/search?q=lumina');
    await userEvent.click(await screen.findByRole('button', { name: 'Follow' }));
    expect(await screen.findByRole('button', { name: 'Following' })).toBeInTheDocument();
  });
});
