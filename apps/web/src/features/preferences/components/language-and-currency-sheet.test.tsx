import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useLanguageAndCurrencyStore } from '../../../lib/stores/language-and-currency.ts';
import { useUserInfoStore } from '../../../lib/stores/user-info.ts';
import { api, apiError, sentRequest } from '../../../test/handlers/api.ts';
import { translateInto } from '../../../test/i18n.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { server } from '../../../test/server.ts';
import { useSendSignedOutChoices } from '../hooks/use-send-signed-out-choices.ts';
import { useUnsentChoicesStore } from '../stores/unsent-choices.ts';
import { LanguageAndCurrencySheet } from './language-and-currency-sheet.tsx';

function SignInSync() {
  useSendSignedOutChoices();
  return null;
}

/** Every update of the setting answered by `patchAnswer`; returns the body of each, in order. */
function mockApi(patchAnswer: () => Response = () => HttpResponse.json({ ok: true })) {
  const patchBodies: unknown[] = [];
  server.use(
    http.patch(api('/users/user-profile/currency-and-language'), async ({ request }) => {
      patchBodies.push((await sentRequest(request)).body);
      return patchAnswer();
    }),
  );
  return patchBodies;
}

describe('language and currency sheet (docs/product.md#screens)', () => {
  beforeEach(() => {
    useLanguageAndCurrencyStore.setState(useLanguageAndCurrencyStore.getInitialState());
    useUserInfoStore.getState().resetUserInfo();
    useUnsentChoicesStore.getState().clear();
  });

  it('sends a language and a currency chosen while signed out once the user signs in, one field per call, once (docs/product.md#accounts)', async () => {
    const patchBodies = mockApi();
    renderWithProviders(
      <>
        <LanguageAndCurrencySheet />
        <SignInSync />
      </>,
    );
    await userEvent.click(screen.getByRole('button', { name: /日本語/ }));
    await userEvent.click(screen.getByRole('button', { name: /^Currency|^通貨/ }));
    await userEvent.click(screen.getByRole('button', { name: /JPY/ }));
    expect(patchBodies).toEqual([]);
    useUserInfoStore.getState().setUserInfo({ isActive: true, id: 'u1', hasUnreadNotification: false });
    await vi.waitFor(() => expect(patchBodies).toHaveLength(2));
    expect(patchBodies).toEqual([{ language: 'ja' }, { currency: 'JPY' }]);
    expect(useUnsentChoicesStore.getState().fields).toEqual([]);
  });

  it('opens with the language section, one section at a time', async () => {
    mockApi();
    renderWithProviders(<LanguageAndCurrencySheet />);
    const languageTrigger = screen.getByRole('button', { name: /^Language/ });
    const currencyTrigger = screen.getByRole('button', { name: /^Currency/ });
    expect(languageTrigger.getAttribute('aria-expanded')).toBe('true');
    expect(currencyTrigger.getAttribute('aria-expanded')).toBe('false');
    await userEvent.click(currencyTrigger);
    expect(languageTrigger.getAttribute('aria-expanded')).toBe('false');
    expect(currencyTrigger.getAttribute('aria-expanded')).toBe('true');
    expect(screen.queryByRole('button', { name: /日本語/ })).toBeNull();
  });

  it('applies a choice locally at once and sends nothing while logged out', async () => {
    const patchBodies = mockApi();
    renderWithProviders(<LanguageAndCurrencySheet />);
    await userEvent.click(screen.getByRole('button', { name: /日本語/ }));
    expect(useLanguageAndCurrencyStore.getState().language).toBe('ja');
    expect(patchBodies).toEqual([]);
  });

  it('sends each change to the server, one field per call, when a user id exists', async () => {
    useUserInfoStore.getState().setUserInfo({ isActive: true, id: 'u1', hasUnreadNotification: false });
    const patchBodies = mockApi();
    renderWithProviders(<LanguageAndCurrencySheet />);
    await userEvent.click(screen.getByRole('button', { name: /Español/ }));
    await userEvent.click(screen.getByRole('button', { name: /^Currency/ }));
    await userEvent.click(screen.getByRole('button', { name: /^USD/ }));
    expect(useLanguageAndCurrencyStore.getState()).toMatchObject({ language: 'es', currency: 'USD' });
    await vi.waitFor(() => expect(patchBodies).toEqual([{ language: 'es' }, { currency: 'USD' }]));
  });

  it('shows the price of an Orange in the chosen currency, from the dated table', async () => {
    useLanguageAndCurrencyStore.setState({ language: 'en' });
    mockApi();
    renderWithProviders(<LanguageAndCurrencySheet />);
    expect((await screen.findByTestId('orange-price')).textContent).toContain('₩100');
    await userEvent.click(screen.getByRole('button', { name: /^Currency/ }));
    await userEvent.click(screen.getByRole('button', { name: /^USD/ }));
    expect(screen.getByTestId('orange-price').textContent).toContain('$0.07');
    expect(screen.getByTestId('orange-price').textContent).toContain('November 1, 2026');
  });

  it('writes the price in Korean with KRW the Korean way: 100원, not ₩100', async () => {
    await translateInto('ko');
    useLanguageAndCurrencyStore.setState({ language: 'ko', currency: 'KRW' });
    renderWithProviders(<LanguageAndCurrencySheet />);
    const price = await screen.findByTestId('orange-price');
    expect(price.textContent).toContain('1 오렌지 = 100원');
    expect(price.textContent).not.toContain('₩');
  });

  it('only logs a failed update: the local choice stays and no message appears', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    useUserInfoStore.getState().setUserInfo({ isActive: true, id: 'u1', hasUnreadNotification: false });
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    mockApi(() => apiError(500, 'internal'));
    renderWithProviders(<LanguageAndCurrencySheet />);
    await userEvent.click(screen.getByRole('button', { name: /中文/ }));
    await vi.advanceTimersByTimeAsync(10_000);
    expect(log).toHaveBeenCalled();
    expect(useLanguageAndCurrencyStore.getState().language).toBe('zh');
    expect(screen.queryByRole('status', { name: /wrong/ })).toBeNull();
  });
});
