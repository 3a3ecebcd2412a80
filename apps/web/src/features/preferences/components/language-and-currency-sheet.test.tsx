import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useLanguageAndCurrencyStore } from '../../../lib/stores/language-and-currency.ts';
import { useUserInfoStore } from '../../../lib/stores/user-info.ts';
import { errorResponse, jsonResponse, renderWithProviders } from '../../../test/render.tsx';
import { LanguageAndCurrencySheet } from './language-and-currency-sheet.tsx';

const rates = { base: 'KRW', asOf: '2026-11-01', rates: { KRW: 1, USD: 0.00071, JPY: 0.1082 } };

function mockApi(patchAnswer: () => Response = () => jsonResponse({ ok: true })) {
  return vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = String(input);
    if (url.startsWith('/api/exchange-rates')) return jsonResponse(rates);
    if (url.startsWith('/api/users/user-profile/currency-and-language') && init?.method === 'PATCH') return patchAnswer();
    return errorResponse(404, 'not_found');
  });
}

const patchBodies = (fetchMock: ReturnType<typeof mockApi>) =>
  fetchMock.mock.calls.filter(([, init]) => init?.method === 'PATCH').map(([, init]) => JSON.parse(String(init!.body)) as unknown);

describe('language and currency sheet (docs/product.md#screens)', () => {
  beforeEach(() => {
    useLanguageAndCurrencyStore.setState(useLanguageAndCurrencyStore.getInitialState());
    useUserInfoStore.getState().resetUserInfo();
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
    const fetchMock = mockApi();
    renderWithProviders(<LanguageAndCurrencySheet />);
    await userEvent.click(screen.getByRole('button', { name: /日本語/ }));
    expect(useLanguageAndCurrencyStore.getState().language).toBe('ja');
    expect(patchBodies(fetchMock)).toEqual([]);
  });

  it('sends each change to the server, one field per call, when a user id exists', async () => {
    useUserInfoStore.getState().setUserInfo({ isActive: true, id: 'u1', hasUnreadNotification: false });
    const fetchMock = mockApi();
    renderWithProviders(<LanguageAndCurrencySheet />);
    await userEvent.click(screen.getByRole('button', { name: /Español/ }));
    await userEvent.click(screen.getByRole('button', { name: /^Currency/ }));
    await userEvent.click(screen.getByRole('button', { name: /^USD/ }));
    expect(useLanguageAndCurrencyStore.getState()).toMatchObject({ language: 'es', currency: 'USD' });
    await vi.waitFor(() => expect(patchBodies(fetchMock)).toEqual([{ language: 'es' }, { currency: 'USD' }]));
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

  it('only logs a failed update: the local choice stays and no message appears', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    useUserInfoStore.getState().setUserInfo({ isActive: true, id: 'u1', hasUnreadNotification: false });
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    mockApi(() => errorResponse(500, 'internal'));
    renderWithProviders(<LanguageAndCurrencySheet />);
    await userEvent.click(screen.getByRole('button', { name: /中文/ }));
    await vi.advanceTimersByTimeAsync(10_000);
    expect(log).toHaveBeenCalled();
    expect(useLanguageAndCurrencyStore.getState().language).toBe('zh');
    expect(screen.queryByRole('status', { name: /wrong/ })).toBeNull();
  });
});
