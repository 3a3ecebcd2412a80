import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useLanguageAndCurrencyStore } from '../../../lib/stores/language-and-currency.ts';
import { api } from '../../../test/handlers/api.ts';
import { setBrowserOnline } from '../../../test/offline.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { server } from '../../../test/server.ts';
import { LikeButton } from './like-button.tsx';

/** docs/decisions/063-offline.md: a like may wait for the network, shown at once and marked as waiting. */
describe('the like button offline', () => {
  beforeEach(() => useLanguageAndCurrencyStore.setState({ language: 'en', currency: 'KRW' }));
  afterEach(() => setBrowserOnline(true));

  it('shows the like at once with the count it will have, says it waits, and sends it once back online', async () => {
    const sent: string[] = [];
    server.use(
      http.put(api('/projects/7/like'), ({ request }) => {
        sent.push(request.method);
        return HttpResponse.json({ liked: true, likeCount: 4 });
      }),
    );
    const user = userEvent.setup();
    renderWithProviders(<LikeButton project={{ id: 7, likeCount: 3, viewerLiked: false }} />);
    setBrowserOnline(false);
    await user.click(screen.getByRole('button', { name: 'Like (3)' }));
    const button = screen.getByRole('button', { pressed: true });
    expect(button.textContent).toBe('4');
    expect(screen.getByRole('status').textContent).toBe("Sends when you're back online");
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(sent).toEqual([]);

    setBrowserOnline(true);
    await vi.waitFor(() => expect(sent).toEqual(['PUT']));
    await vi.waitFor(() => expect(screen.queryByRole('status')).toBeNull());
    expect(screen.getByRole('button', { pressed: true }).textContent).toBe('4');
  });
});
