import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { useJoinDraftStore } from '../../features/join/stores/join-draft.ts';
import { useLanguageAndCurrencyStore } from '../../lib/stores/language-and-currency.ts';
import { api } from '../../test/handlers/api.ts';
import { signedInMe } from '../../test/handlers/auth.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { server } from '../../test/server.ts';
import JoinPage from './join.tsx';

/** A new account at step 2, whose join answers with what it was sent. */
function serveJoin() {
  const sent: unknown[] = [];
  const checked: string[] = [];
  server.use(
    http.get(api('/auth/me'), () => HttpResponse.json({ ...signedInMe, nickname: 'fan_gpxopt8t7i', joinState: 'artists' })),
    http.get(api('/users/nickname-availability'), ({ request }) => {
      const nickname = new URL(request.url).searchParams.get('nickname') ?? '';
      checked.push(nickname);
      const taken = nickname === 'mina';
      return HttpResponse.json({ nickname, available: !taken, problem: taken ? 'taken' : null });
    }),
    http.post(api('/join/complete'), async ({ request }) => {
      sent.push(await request.json());
      return HttpResponse.json({ joinState: 'joined', termsVersion: '2026-11-01' });
    }),
  );
  return { sent, checked };
}

describe('join page: the nickname and the way back (docs/product.md#accounts)', () => {
  beforeEach(() => {
    useLanguageAndCurrencyStore.setState({ language: 'en', currency: 'KRW' });
    useJoinDraftStore.getState().reset();
  });

  it('asks for a nickname prefilled with the account’s, checked as the profile checks it, then ends on next', async () => {
    const { sent, checked } = serveJoin();
    renderWithProviders(<JoinPage />, { path: '/join?next=%2Flogin%3Fnext%3D%252Fproject%252F1' });
    const field = await screen.findByRole('textbox', { name: 'Nickname' });
    expect(field).toHaveValue('fan_gpxopt8t7i');
    await userEvent.click((await screen.findAllByRole('button', { name: /LUMINA/ }))[0]!);

    await userEvent.clear(field);
    await userEvent.type(field, 'mina');
    await userEvent.click(screen.getByRole('button', { name: 'Complete sign-up' }));
    expect(await screen.findByText('Please press the check button to confirm your nickname.')).toBeInTheDocument();
    expect(sent).toEqual([]);

    await userEvent.click(screen.getByRole('button', { name: 'Check availability' }));
    expect(await screen.findByText('This nickname is already in use. Please use a different nickname.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Complete sign-up' }));
    expect(sent).toEqual([]);

    await userEvent.clear(field);
    await userEvent.type(field, 'berry.fan');
    await userEvent.click(screen.getByRole('button', { name: 'Check availability' }));
    expect(await screen.findByText('Available nickname.')).toBeInTheDocument();
    expect(checked).toEqual(['mina', 'berry.fan']);
    await userEvent.click(screen.getByRole('button', { name: 'Complete sign-up' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/project/1'));
    expect(sent).toEqual([{ artistIds: [1], nickname: 'berry.fan' }]);
  });

  it('keeps the account’s nickname without a check when the fan leaves it as it is, and ends at Home without a next', async () => {
    const { sent, checked } = serveJoin();
    renderWithProviders(<JoinPage />, { path: '/join' });
    await userEvent.click((await screen.findAllByRole('button', { name: /Stella Nova/ }))[0]!);
    await userEvent.click(screen.getByRole('button', { name: 'Complete sign-up' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/'));
    expect(sent).toEqual([{ artistIds: [2] }]);
    expect(checked).toEqual([]);
  });
});
