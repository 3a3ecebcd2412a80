import type { NotificationPreferences } from '@orchard/shared';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useLanguageAndCurrencyStore } from '../../../lib/stores/language-and-currency.ts';
import { api } from '../../../test/handlers/api.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { server } from '../../../test/server.ts';
import { MailPreferences } from './mail-preferences.tsx';

describe('mail preferences on the profile', () => {
  beforeEach(() => useLanguageAndCurrencyStore.setState({ language: 'en', currency: 'KRW' }));

  it('shows a switch per kind named as the list names it, and saves one kind at once when it moves', async () => {
    let stored: NotificationPreferences['mail'] = { failed: true, points_expiring: true, closing_soon: true } as NotificationPreferences['mail'];
    const patches: unknown[] = [];
    server.use(
      http.get(api('/notifications/preferences'), () => HttpResponse.json({ mail: stored })),
      http.patch(api('/notifications/preferences'), async ({ request }) => {
        const body = (await request.json()) as { mail: Record<string, boolean> };
        patches.push(body);
        stored = { ...stored, ...body.mail };
        return HttpResponse.json({ mail: stored });
      }),
    );
    renderWithProviders(<MailPreferences />, { path: '/my-page/user-profile' });
    const expiring = await screen.findByRole('switch', { name: 'Points expiring soon' });
    expect(expiring.getAttribute('aria-checked')).toBe('true');
    expect(screen.getByRole('switch', { name: 'Funding closes within 24 hours' })).toBeTruthy();
    await userEvent.click(expiring);
    await vi.waitFor(() => expect(screen.getByRole('switch', { name: 'Points expiring soon' }).getAttribute('aria-checked')).toBe('false'));
    expect(patches).toEqual([{ mail: { points_expiring: false } }]);
    expect(screen.getByText(/leaves at once only with night-time consent/)).toBeTruthy();
  });
});
