import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useToastStore } from '../../../components/ui/toast.tsx';
import { useLanguageAndCurrencyStore } from '../../../lib/stores/language-and-currency.ts';
import { api, apiError, sentRequest, type SentRequest } from '../../../test/handlers/api.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { server } from '../../../test/server.ts';
import { ExchangeForm } from './exchange-form.tsx';

const balance = (orange: number) => ({
  orange: { total: orange, purchased: orange, bonus: 0, expiringWithin30Days: 0 },
  berry: { total: 0, purchased: 0, bonus: 0, expiringWithin30Days: 0 },
});

/** A balance of 100 Orange, and every exchange answered by `exchangeAnswer`; returns the exchange requests, in order. */
function mockApi(exchangeAnswer: () => Response) {
  const exchangeCalls: SentRequest[] = [];
  server.use(
    http.get(api('/points/balances'), () => HttpResponse.json(balance(100))),
    http.post(api('/points/exchange'), async ({ request }) => {
      exchangeCalls.push(await sentRequest(request));
      return exchangeAnswer();
    }),
  );
  return exchangeCalls;
}

describe('exchange tab (docs/product.md#exchange)', () => {
  beforeEach(() => {
    useLanguageAndCurrencyStore.setState({ language: 'en', currency: 'KRW' });
    useToastStore.setState({ toasts: [] });
  });

  it('shows what the Orange becomes, confirms, then exchanges once with an idempotency key', async () => {
    const exchangeCalls = mockApi(() => HttpResponse.json({ orange: 10, berry: 130, spendTransactionId: '1', exchangeTransactionId: '2' }));
    const onCharge = vi.fn();
    renderWithProviders(<ExchangeForm onCharge={onCharge} />);
    expect(await screen.findByText('Orange available: 100')).toBeTruthy();
    await userEvent.type(screen.getByLabelText('Orange to exchange'), '10');
    expect(screen.getByTestId('exchange-preview').textContent).toBe('10 Orange becomes 130 Berry');
    await userEvent.click(screen.getByRole('button', { name: 'Exchange' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Exchange Orange for Berry?' });
    expect(dialog.textContent).toContain("10 Orange will become 130 Berry. Exchanges can't be undone.");
    expect(exchangeCalls).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Exchange' }));
    await vi.waitFor(() => expect(useToastStore.getState().toasts.map((toast) => toast.message)).toEqual(['Exchange complete: 130 Berry added.']));
    const [{ body, headers }] = exchangeCalls as [SentRequest];
    expect(body).toEqual({ orange: 10 });
    expect(headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('more than the balance is flagged inline with the button disabled and a way to charge; nothing is sent', async () => {
    const exchangeCalls = mockApi(() => apiError(422, 'points.insufficient'));
    const onCharge = vi.fn();
    renderWithProviders(<ExchangeForm onCharge={onCharge} />);
    await screen.findByText('Orange available: 100');
    await userEvent.type(screen.getByLabelText('Orange to exchange'), '101');
    expect(screen.getByTestId('exchange-preview').textContent).toBe("That's more than the 100 Orange you have.");
    expect(screen.getByLabelText('Orange to exchange').getAttribute('aria-invalid')).toBe('true');
    expect((screen.getByRole('button', { name: 'Exchange' }) as HTMLButtonElement).disabled).toBe(true);
    await userEvent.click(screen.getByRole('button', { name: 'Charge Orange' }));
    expect(onCharge).toHaveBeenCalledOnce();
    expect(exchangeCalls).toHaveLength(0);
  });

  it('refuses what is not a whole number with a message, and keeps what was typed', async () => {
    mockApi(() => apiError(422, 'points.insufficient'));
    renderWithProviders(<ExchangeForm onCharge={() => {}} />);
    await screen.findByText('Orange available: 100');
    const field = screen.getByLabelText('Orange to exchange') as HTMLInputElement;
    const cases: [string, string][] = [
      ['1.5', 'Only whole Orange can be exchanged: enter a number without a decimal point.'],
      ['-5', 'Enter a number of Orange above 0.'],
      ['0', 'Enter a number of Orange above 0.'],
      ['ten', 'Enter the number of Orange in digits, like 10.'],
      ['1e3', 'Enter the number of Orange in digits, like 10.'],
    ];
    for (const [input, message] of cases) {
      await userEvent.clear(field);
      await userEvent.type(field, input);
      expect(field.value, input).toBe(input);
      expect(screen.getByTestId('exchange-preview').textContent, input).toBe(message);
      expect(field.getAttribute('aria-invalid'), input).toBe('true');
      expect((screen.getByRole('button', { name: 'Exchange' }) as HTMLButtonElement).disabled, input).toBe(true);
    }
  });

  it('accepts full-width digits as typed on a Japanese or Chinese keyboard', async () => {
    mockApi(() => apiError(422, 'points.insufficient'));
    renderWithProviders(<ExchangeForm onCharge={() => {}} />);
    await screen.findByText('Orange available: 100');
    await userEvent.type(screen.getByLabelText('Orange to exchange'), '\uff11\uff12');
    expect(screen.getByTestId('exchange-preview').textContent).toBe('12 Orange becomes 156 Berry');
    expect((screen.getByRole('button', { name: 'Exchange' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('the server refusing for lack of Orange opens the same notice, without retrying', async () => {
    const exchangeCalls = mockApi(() => apiError(422, 'points.insufficient'));
    renderWithProviders(<ExchangeForm onCharge={() => {}} />);
    await screen.findByText('Orange available: 100');
    await userEvent.type(screen.getByLabelText('Orange to exchange'), '50');
    await userEvent.click(screen.getByRole('button', { name: 'Exchange' }));
    await userEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Exchange' }));
    expect(await screen.findByRole('alertdialog', { name: 'Exchange failed. Please charge and try again.' })).toBeTruthy();
    expect(exchangeCalls).toHaveLength(1);
  });
});
