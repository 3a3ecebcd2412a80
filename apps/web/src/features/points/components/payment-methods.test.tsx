import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useLanguageAndCurrencyStore } from '../../../lib/stores/language-and-currency.ts';
import { api, apiError, sentRequest, type SentRequest } from '../../../test/handlers/api.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { server } from '../../../test/server.ts';
import { checkoutInLanguage, PaymentMethods } from './payment-methods.tsx';

const packages = { krwPerOrange: 100, items: [{ id: 'orange-1000', orange: 1000, bonusOrange: 50, priceKrw: 100_000 }] };

/** The packages, and each charge answered by the next of `chargeAnswers`; returns every charge request, in order. */
function mockApi(chargeAnswers: (() => Response)[]) {
  const chargeCalls: SentRequest[] = [];
  server.use(
    http.get(api('/points/packages'), () => HttpResponse.json(packages)),
    http.post(api('/points/charges'), async ({ request }) => {
      chargeCalls.push(await sentRequest(request));
      return chargeAnswers.shift()!();
    }),
  );
  return chargeCalls;
}

const keyOf = (request: SentRequest) => request.headers.get('Idempotency-Key');

describe('payment (docs/architecture.md#idempotency)', () => {
  beforeEach(() => {
    useLanguageAndCurrencyStore.setState({ language: 'en', currency: 'KRW' });
    vi.spyOn(console, 'error').mockImplementation(() => {});
  });

  it('creates the charge with an Idempotency-Key, and retries a lost answer with the same key', async () => {
    const created = { charge: { id: 'c1' }, checkoutUrl: 'http://localhost/sandbox-pay/checkout/x' };
    const chargeCalls = mockApi([() => apiError(502, 'payments.gateway_error'), () => HttpResponse.json(created)]);
    renderWithProviders(<PaymentMethods />, { path: '/?package=orange-1000' });
    await userEvent.click(await screen.findByRole('radio', { name: 'KakaoPay' }));
    await userEvent.click(screen.getByRole('checkbox', { name: /I have checked the order/ }));
    await userEvent.click(screen.getByRole('button', { name: /^Pay / }));
    await vi.waitFor(() => expect(chargeCalls).toHaveLength(2), { timeout: 3000 });
    const [first, second] = chargeCalls;
    expect(first!.body).toEqual({ packageId: 'orange-1000', method: 'kakao_pay' });
    expect(keyOf(first!)).toMatch(/^[0-9a-f-]{36}$/);
    expect(keyOf(second!)).toBe(keyOf(first!));
  });

  it('a refused charge ends the action: the next tap is a new charge with a new key', async () => {
    const chargeCalls = mockApi([() => apiError(422, 'points.package_unknown'), () => apiError(422, 'points.package_unknown')]);
    renderWithProviders(<PaymentMethods />, { path: '/?package=orange-1000' });
    await userEvent.click(await screen.findByRole('checkbox', { name: /I have checked the order/ }));
    await userEvent.click(screen.getByRole('button', { name: /^Pay / }));
    await screen.findByText("This charge package isn't available. Please choose another one.");
    await userEvent.click(screen.getByRole('button', { name: /^Pay / }));
    await vi.waitFor(() => expect(chargeCalls).toHaveLength(2));
    const [first, second] = chargeCalls;
    expect(keyOf(second!)).not.toBe(keyOf(first!));
  });

  it('opens the sandbox checkout in the app\'s current language, and leaves another origin\'s address alone', () => {
    const origin = 'http://localhost:3000';
    expect(checkoutInLanguage(`${origin}/sandbox-pay/checkout/chk_1?lang=ko`, 'en', origin)).toBe(`${origin}/sandbox-pay/checkout/chk_1?lang=en`);
    expect(checkoutInLanguage('https://pay.toss.example/checkout/1', 'ja', origin)).toBe('https://pay.toss.example/checkout/1');
  });

  it('charges in KRW whatever the display currency: the button and the price say ₩, with the dollar amount as a hint', async () => {
    useLanguageAndCurrencyStore.setState({ language: 'en', currency: 'USD' });
    mockApi([]);
    renderWithProviders(<PaymentMethods />, { path: '/?package=orange-1000' });
    expect(await screen.findByRole('button', { name: 'Pay ₩100,000' })).toBeTruthy();
    const price = screen.getByTestId('payment-price');
    await vi.waitFor(() => expect(price.textContent).toBe('₩100,000≈ $71.00'));
  });

  it('pays only after the purchase consent, and shows the refund rules', async () => {
    const chargeCalls = mockApi([]);
    renderWithProviders(<PaymentMethods />, { path: '/?package=orange-1000' });
    const pay = await screen.findByRole('button', { name: 'Pay ₩100,000' });
    expect((pay as HTMLButtonElement).disabled).toBe(true);
    const rules = screen.getByRole('region', { name: 'Refunds' });
    expect(rules.textContent).toContain('within 7 days of payment');
    expect(rules.textContent).toContain('bonus');
    expect(rules.textContent).toContain('No partial refunds');
    expect(screen.getByRole('link', { name: 'Terms of service' }).getAttribute('href')).toBe('/terms/service');
    await userEvent.click(pay);
    expect(chargeCalls).toHaveLength(0);
    await userEvent.click(screen.getByRole('checkbox', { name: /I have checked the order/ }));
    expect((pay as HTMLButtonElement).disabled).toBe(false);
  });
});
