import { act, screen, waitFor } from '@testing-library/react';
import { Suspense, use } from 'react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useLanguageAndCurrencyStore } from '../../../lib/stores/language-and-currency.ts';
import { api, apiError } from '../../../test/handlers/api.ts';
import { chargeFixture, chargeId } from '../../../test/fixtures/charge.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { server } from '../../../test/server.ts';
import { pendingPollLimit } from '../api/get-charge.ts';
import { rememberDeparture } from '../checkout/checkout-history.ts';
import { CompletedCharge } from './completed-charge.tsx';

/** Answers the charge with each of `answers` in turn (the last one repeats); returns every charge request, in order. */
function mockCharge(answers: Array<() => Response>) {
  const chargeCalls: Request[] = [];
  server.use(
    http.get(api(`/points/charges/${chargeId}`), ({ request }) => {
      chargeCalls.push(request);
      return answers[Math.min(chargeCalls.length - 1, answers.length - 1)]!();
    }),
  );
  return chargeCalls;
}

const render = () => renderWithProviders(<CompletedCharge chargeId={chargeId} />, { path: `/my-page/completed-charge/${chargeId}` });

describe('completed charge (docs/product.md#payments)', () => {
  beforeEach(() => useLanguageAndCurrencyStore.setState({ language: 'en', currency: 'KRW' }));

  it('a confirmed charge shows the Orange, the bonus, the price and the method', async () => {
    mockCharge([() => HttpResponse.json(chargeFixture())]);
    render();
    expect(await screen.findByRole('heading', { name: 'Purchase complete' })).toBeTruthy();
    expect(screen.getByTestId('charged-amount').textContent).toBe('515 Orange');
    expect(screen.getByText('500 Orange')).toBeTruthy();
    expect(screen.getByText('15 Orange')).toBeTruthy();
    expect(await screen.findByText('₩50,000')).toBeTruthy();
    expect(screen.getByText('KakaoPay')).toBeTruthy();
  });

  it('back from the gateway, steps back over its pages even when its first render is thrown away (a child still loading)', async () => {
    mockCharge([() => HttpResponse.json(chargeFixture())]);
    // The payment page left with two fewer history entries than the gateway's return has.
    sessionStorage.setItem('orchard:checkout-departure', JSON.stringify({ chargeId, historyLength: window.history.length - 2 }));
    const go = vi.spyOn(window.history, 'go').mockImplementation(() => undefined);
    let release!: () => void;
    const loading = new Promise<void>((resolve) => (release = resolve));
    function LoadingChild() {
      use(loading);
      return null;
    }
    await act(async () => {
      renderWithProviders(
        <Suspense fallback={null}>
          <CompletedCharge chargeId={chargeId} />
          <LoadingChild />
        </Suspense>,
        { path: `/my-page/completed-charge/${chargeId}` },
      );
    });
    await act(async () => {
      release();
      await loading;
    });
    await waitFor(() => expect(go).toHaveBeenCalledWith(-2));
    expect(go).toHaveBeenCalledTimes(1);
    expect(sessionStorage.getItem('orchard:checkout-departure')).toBeNull();
    go.mockRestore();
  });

  it('rendered by the payment page as it leaves for the gateway, neither steps back nor forgets the departure', async () => {
    mockCharge([() => HttpResponse.json(chargeFixture({ status: 'pending', paidAt: null }))]);
    const go = vi.spyOn(window.history, 'go').mockImplementation(() => undefined);
    const departure = rememberDeparture(chargeId);
    window.history.pushState(null, '', '/gateway-page-in-between');
    renderWithProviders(<CompletedCharge chargeId={chargeId} />, { path: departure });
    expect(await screen.findByRole('heading', { name: 'Confirming your payment' })).toBeTruthy();
    expect(go).not.toHaveBeenCalled();
    expect(JSON.parse(sessionStorage.getItem('orchard:checkout-departure')!)).toMatchObject({ chargeId });
    go.mockRestore();
    sessionStorage.clear();
  });

  it('a declined charge says "Purchase failed." with the reason, and OK goes back to point charge', async () => {
    mockCharge([() => HttpResponse.json(chargeFixture({ status: 'declined', paidAt: null, refundable: false, failure: { code: 'EXCEED_MAX_AMOUNT', reason: 'x' } }))]);
    render();
    expect(await screen.findByRole('heading', { name: 'Purchase failed.' })).toBeTruthy();
    expect(screen.getByTestId('failure-reason').textContent).toBe('The card limit has been exceeded.');
    await userEvent.click(screen.getByRole('button', { name: 'OK' }));
    expect(screen.getByTestId('location').textContent).toBe('/my-page/point-charge');
  });

  it('a pending charge is polled until it is confirmed', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const chargeCalls = mockCharge([() => HttpResponse.json(chargeFixture({ status: 'pending', paidAt: null })), () => HttpResponse.json(chargeFixture())]);
    render();
    expect(await screen.findByRole('heading', { name: 'Confirming your payment' })).toBeTruthy();
    await vi.advanceTimersByTimeAsync(2000);
    expect(await screen.findByRole('heading', { name: 'Purchase complete' })).toBeTruthy();
    expect(chargeCalls).toHaveLength(2);
  });

  it('stops polling after a few tries and offers to check again', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const chargeCalls = mockCharge([() => HttpResponse.json(chargeFixture({ status: 'pending', paidAt: null }))]);
    render();
    await screen.findByRole('heading', { name: 'Confirming your payment' });
    await vi.advanceTimersByTimeAsync(20_000);
    const checkAgain = await screen.findByRole('button', { name: 'Check again' });
    const polls = chargeCalls.length;
    expect(polls).toBe(pendingPollLimit + 1);
    await userEvent.click(checkAgain);
    await vi.waitFor(() => expect(chargeCalls.length).toBe(polls + 1));
  });

  it('another user’s or an unknown charge is not found', async () => {
    mockCharge([() => apiError(404, 'points.charge_not_found')]);
    render();
    expect(await screen.findByText("We couldn't find this charge.")).toBeTruthy();
  });

  it('what was paid stays in KRW with another display currency, the converted amount only a hint', async () => {
    useLanguageAndCurrencyStore.setState({ language: 'en', currency: 'USD' });
    mockCharge([() => HttpResponse.json(chargeFixture())]);
    render();
    const paid = await screen.findByTestId('paid-amount');
    await vi.waitFor(() => expect(paid.textContent).toBe('₩50,000≈ $35.50'));
  });

  it('a payment the user cancelled is titled as cancelled, not as failed', async () => {
    mockCharge([() => HttpResponse.json(chargeFixture({ status: 'declined', paidAt: null, refundable: false, failure: { code: 'PAY_PROCESS_CANCELED', reason: 'x' } }))]);
    render();
    expect(await screen.findByRole('heading', { name: 'Payment cancelled' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Purchase failed.' })).toBeNull();
  });

  it('never shows gateway free text: an unknown code reads as an unknown reason', async () => {
    mockCharge([() => HttpResponse.json(chargeFixture({ status: 'declined', paidAt: null, refundable: false, failure: { code: 'NEW_CODE', reason: 'Payment held. Call +82-10-0000-0000' } }))]);
    render();
    expect((await screen.findByTestId('failure-reason')).textContent).toBe("The payment service didn't give a reason.");
  });
});
