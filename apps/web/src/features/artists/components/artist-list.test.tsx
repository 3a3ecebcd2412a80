import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useLanguageAndCurrencyStore } from '../../../lib/stores/language-and-currency.ts';
import { api, apiError } from '../../../test/handlers/api.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { server } from '../../../test/server.ts';
import { ArtistList } from './artist-list.tsx';

describe('artist list', () => {
  beforeEach(() => useLanguageAndCurrencyStore.setState({ language: 'en', currency: 'KRW' }));

  it('lists artists, each linking to its page under its own type', async () => {
    renderWithProviders(<ArtistList />, { path: '/artist' });
    expect(await screen.findByRole('link', { name: /LUMINA/ })).toHaveAttribute('href', '/artist/group/1');
    expect(screen.getByRole('link', { name: /Stella Nova/ })).toHaveAttribute('href', '/artist/solo/2');
  });

  it('a list that failed to arrive is an error with retry, never "no artists match"', async () => {
    let calls = 0;
    server.use(http.get(api('/artists'), () => (++calls === 1 ? apiError(503, 'unavailable') : HttpResponse.json({ items: [], nextCursor: null }))));
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderWithProviders(<ArtistList />, { path: '/artist' });
    // A 503 may pass: the query client asks again (1 s, 2 s, 4 s) before it gives up.
    server.use(http.get(api('/artists'), () => apiError(503, 'unavailable')));
    await vi.advanceTimersByTimeAsync(10_000);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Orchard is temporarily unavailable');
    expect(screen.queryByText('No artists match your search.')).not.toBeInTheDocument();
    server.resetHandlers();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: /LUMINA/ })).toBeInTheDocument();
  });

  it('the search field is as long as the API accepts, and a refused search shows the refusal at once', async () => {
    const searches: string[] = [];
    server.use(
      http.get(api('/artists'), ({ request }) => {
        const q = new URL(request.url).searchParams.get('q');
        if (q) searches.push(q);
        return q ? apiError(400, 'validation.invalid') : HttpResponse.json({ items: [], nextCursor: null });
      }),
    );
    renderWithProviders(<ArtistList />, { path: '/artist' });
    const field = screen.getByRole('searchbox', { name: 'Search artists' });
    expect(field).toHaveAttribute('maxLength', '100');
    await userEvent.type(field, 'x');
    expect(await screen.findByRole('alert')).toHaveTextContent("Some of the information entered isn't valid.");
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(searches).toEqual(['x']);
  });
});
