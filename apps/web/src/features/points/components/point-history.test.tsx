import type { Charge, HistoryEntry } from '@orchard/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useLanguageAndCurrencyStore } from '../../../lib/stores/language-and-currency.ts';
import { api, apiError } from '../../../test/handlers/api.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { server } from '../../../test/server.ts';
import { PointHistory } from './point-history.tsx';

const chargeId = '2b7d5a0e-7c1f-4d7a-9a55-3f0f3d1c9e10';
const entry = (id: number, overrides: Partial<HistoryEntry> = {}): HistoryEntry => ({
  transactionId: String(id),
  currency: 'orange',
  type: 'spend',
  reason: 'exchange',
  content: 'exchange',
  amount: -10,
  date: '2026-11-01T03:00:00.000Z',
  payment: null,
  chargeDate: null,
  usableDate: null,
  chargeMethod: null,
  project: null,
  ...overrides,
});
const chargeEntry = entry(7, {
  type: 'charge',
  reason: 'point_charge',
  content: 'point_charge',
  amount: 500,
  payment: { chargeId, amountKrw: 50_000, method: 'card' },
  chargeDate: '2026-11-01T01:00:00.000Z',
  usableDate: '2031-11-01T14:59:59.000Z',
  chargeMethod: 'card',
});
const charge = (refundable: boolean): Charge => ({
  id: chargeId,
  status: 'confirmed',
  packageId: 'orange-500',
  orange: 500,
  bonusOrange: 0,
  amountKrw: 50_000,
  method: 'card',
  failure: null,
  createdAt: new Date().toISOString(),
  paidAt: new Date().toISOString(),
  refundedAt: null,
  refundable,
});

/** Answers the history with `page` and returns the address of every history request, in order. */
function answerHistory(page: (url: URL) => Response) {
  const historyCalls: URL[] = [];
  server.use(
    http.get(api('/points/history'), ({ request }) => {
      const url = new URL(request.url);
      historyCalls.push(url);
      return page(url);
    }),
  );
  return historyCalls;
}
const historyPage = (items: HistoryEntry[], nextCursor: string | null = null) => HttpResponse.json({ items, nextCursor });
const answerCharge = (answer: Charge) => server.use(http.get(api(`/points/charges/${chargeId}`), () => HttpResponse.json(answer)));

describe('point history (docs/product.md#points)', () => {
  beforeEach(() => useLanguageAndCurrencyStore.setState({ language: 'en', currency: 'KRW' }));

  it('pages with the keyset cursor and appends the next page', async () => {
    const historyCalls = answerHistory((url) => (url.searchParams.get('cursor') === 'c1' ? historyPage([entry(3), entry(2)]) : historyPage([entry(5), entry(4)], 'c1')));
    renderWithProviders(<PointHistory currency="orange" onCurrencyChange={() => {}} />);
    const list = await screen.findByRole('list', { name: 'History entries' });
    expect(within(list).getAllByRole('button')).toHaveLength(2);
    await userEvent.click(screen.getByRole('button', { name: 'Show more' }));
    await vi.waitFor(() => expect(within(list).getAllByRole('button')).toHaveLength(4));
    expect(screen.queryByRole('button', { name: 'Show more' })).toBeNull();
    // The refund tab's first page is read too, to mark refunded charges.
    const calls = historyCalls.filter((url) => url.searchParams.get('tab') === 'all');
    expect(calls.map((url) => [url.searchParams.get('currency'), url.searchParams.get('tab'), url.searchParams.get('cursor')])).toEqual([
      ['orange', 'all', null],
      ['orange', 'all', 'c1'],
    ]);
    expect(within(list).getAllByRole('button')[0]!.textContent).toContain('\u221210');
  });

  it('names the project of an entry by its title, linked to the project; a hidden one as hidden (docs/product.md#notifications)', async () => {
    const artistNames = { ko: '아티스트', en: 'The Artist', zh: '艺人', ja: 'アーティスト', es: 'La artista' };
    const participation = entry(9, { reason: 'project_participation', content: 'project_participation', project: { id: 42, title: 'Subway birthday ad', hidden: false, artistNames } });
    const hidden = entry(8, { reason: 'project_participation', content: 'project_participation', project: { id: 43, title: null, hidden: true, artistNames } });
    answerHistory(() => historyPage([participation, hidden]));
    renderWithProviders(<PointHistory currency="orange" onCurrencyChange={() => {}} />);
    const list = await screen.findByRole('list', { name: 'History entries' });
    const rows = within(list).getAllByRole('button');
    expect(rows[0]!.textContent).toContain('Subway birthday ad');
    expect(rows[0]!.textContent).not.toContain('Project 42');
    expect(rows[1]!.textContent).toContain('A project hidden by the operator');
    await userEvent.click(rows[0]!);
    const sheet = screen.getByRole('dialog', { name: 'History details' });
    expect(within(sheet).getByRole('link', { name: 'Subway birthday ad' }).getAttribute('href')).toBe('/project/42');
  });

  it('asks for the chosen tab: refunds and returns under one (issue 32, item 12); Berry has no refunds, so its tab says returns', async () => {
    const historyCalls = answerHistory(() => historyPage([]));
    const view = renderWithProviders(<PointHistory currency="orange" onCurrencyChange={() => {}} />);
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['All', 'Charge', 'Spend', 'Refunds & returns']);
    await userEvent.click(screen.getByRole('tab', { name: 'Refunds & returns' }));
    expect(await screen.findByText("There's no history yet.")).toBeTruthy();
    // Beside the refund tab's own read, which marks refunded charges.
    expect(historyCalls.map((call) => call.searchParams.get('tab'))).toContain('refund_return');
    view.unmount();
    renderWithProviders(<PointHistory currency="berry" onCurrencyChange={() => {}} />);
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['All', 'Charge', 'Spend', 'Returns']);
    await userEvent.click(screen.getByRole('tab', { name: 'Returns' }));
    await screen.findByText("There's no history yet.");
    expect([historyCalls.at(-1)!.searchParams.get('currency'), historyCalls.at(-1)!.searchParams.get('tab')]).toEqual(['berry', 'refund_return']);
  });

  it('an entry opens its detail; a refundable charge is refunded with one idempotency key kept across a retry', async () => {
    let refundCalls = 0;
    // The first refund answers 503, which the http client logs as an error: expected here.
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const keys: (string | null)[] = [];
    answerHistory(() => historyPage([chargeEntry]));
    answerCharge(charge(true));
    server.use(
      http.post(api(`/points/charges/${chargeId}/refund`), ({ request }) => {
        refundCalls += 1;
        keys.push(request.headers.get('Idempotency-Key'));
        return refundCalls === 1 ? apiError(503, 'unavailable') : HttpResponse.json({ ...charge(false), status: 'refunded' });
      }),
    );
    renderWithProviders(<PointHistory currency="orange" onCurrencyChange={() => {}} />);
    await userEvent.click(await screen.findByRole('button', { name: /Point charge/ }));
    const sheet = screen.getByRole('dialog', { name: 'History details' });
    for (const label of ['Type', 'Date', 'Content', 'Payment', 'Charge date', 'Usable until', 'Transaction ID', 'Charge method', 'Amount']) {
      expect(within(sheet).getByText(label)).toBeTruthy();
    }
    expect(within(sheet).getByText('+500 Orange')).toBeTruthy();
    expect(within(sheet).getByText('Credit or debit card')).toBeTruthy();
    await userEvent.click(await within(sheet).findByRole('button', { name: 'Refund this charge' }));
    await userEvent.click(within(sheet).getByRole('button', { name: 'Refund' }));
    await vi.waitFor(() => expect(refundCalls).toBe(2), { timeout: 4000 });
    expect(keys).toHaveLength(2);
    expect(keys[0]).toBe(keys[1]);
  });

  it('a used charge shows why it cannot be refunded', async () => {
    answerHistory(() => historyPage([chargeEntry]));
    answerCharge(charge(false));
    renderWithProviders(<PointHistory currency="orange" onCurrencyChange={() => {}} />);
    await userEvent.click(await screen.findByRole('button', { name: /Point charge/ }));
    expect((await screen.findByTestId('refund-refusal')).textContent).toBe("Points from this charge (or its bonus) have been used, so it can't be refunded.");
    expect(screen.queryByRole('button', { name: 'Refund this charge' })).toBeNull();
  });

  it('an exchange’s detail lists what it has, not rows of "none"', async () => {
    answerHistory(() => historyPage([entry(9)]));
    renderWithProviders(<PointHistory currency="orange" onCurrencyChange={() => {}} />);
    await userEvent.click(await screen.findByRole('button', { name: /Exchange/ }));
    const sheet = screen.getByRole('dialog', { name: 'History details' });
    expect(within(sheet).queryByText('None')).toBeNull();
    for (const label of ['Payment', 'Charge method', 'Charge date', 'Usable until', 'Project']) expect(within(sheet).queryByText(label), label).toBeNull();
    for (const label of ['Type', 'Date', 'Content', 'Amount', 'Transaction ID']) expect(within(sheet).getByText(label), label).toBeTruthy();
  });

  it('marks the charge and bonus rows of a refunded charge, also on the charge tab', async () => {
    const bonusEntry = entry(8, { type: 'bonus', reason: 'bonus_from_charge', content: 'bonus_from_charge', amount: 15, payment: chargeEntry.payment });
    const refundEntry = entry(10, { type: 'refund', reason: 'refund_of_charge', content: 'refund_of_charge', amount: -515, payment: chargeEntry.payment });
    const other = entry(6, { type: 'charge', reason: 'point_charge', content: 'point_charge', amount: 100, payment: { chargeId: '3c8e6b1f-8d2a-4e8b-8b66-4a1a4e2d0f21', amountKrw: 10_000, method: 'card' } });
    answerHistory((url) => (url.searchParams.get('tab') === 'refund' ? historyPage([refundEntry]) : historyPage([bonusEntry, chargeEntry, other])));
    renderWithProviders(<PointHistory currency="orange" onCurrencyChange={() => {}} />);
    await userEvent.click(screen.getByRole('tab', { name: 'Charge' }));
    const list = await screen.findByRole('list', { name: 'History entries' });
    await vi.waitFor(() => expect(within(list).getAllByText('Refunded')).toHaveLength(2));
    const rows = within(list).getAllByRole('button');
    expect(rows[0]!.textContent).toContain('Refunded');
    expect(rows[1]!.textContent).toContain('Refunded');
    expect(rows[2]!.textContent).not.toContain('Refunded');
  });
});
