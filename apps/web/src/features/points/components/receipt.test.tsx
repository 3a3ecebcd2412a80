import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useLanguageAndCurrencyStore } from '../../../lib/stores/language-and-currency.ts';
import { chargeId } from '../../../test/fixtures/charge.ts';
import { receiptFixture } from '../../../test/fixtures/receipt.ts';
import { api, apiError } from '../../../test/handlers/api.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { translateInto } from '../../../test/i18n.ts';
import { server } from '../../../test/server.ts';
import { Receipt } from './receipt.tsx';

const render = () => renderWithProviders(<Receipt chargeId={chargeId} />, { path: `/my-page/receipt/${chargeId}` });

describe('the receipt page (docs/decisions/105-receipts-and-vat.md)', () => {
  beforeEach(async () => {
    useLanguageAndCurrencyStore.setState({ language: 'ko', currency: 'USD' });
    await translateInto('ko');
  });

  it('shows the receipt in won, in the page’s language, whatever the display currency', async () => {
    render();
    expect(await screen.findByRole('heading', { name: '포인트 충전 영수증' })).toBeTruthy();
    expect(screen.getByTestId('receipt-number').textContent).toBe('OR-2026-00000042');
    expect(screen.getByTestId('receipt-item').textContent).toBe('오렌지 500 + 보너스 15');
    expect(screen.getByTestId('receipt-amount').textContent).toBe('50,000원');
    expect(screen.getByTestId('receipt-supply').textContent).toBe('45,455원');
    expect(screen.getByTestId('receipt-vat').textContent).toBe('4,545원');
    expect(screen.getByText('카카오페이')).toBeTruthy();
    expect(screen.getByText('tviv**********6789')).toBeTruthy();
    expect(screen.getByText('000-00-00000')).toBeTruthy();
    expect(screen.queryByText('환불된 결제예요')).toBeNull();
  });

  it('composes the item in Japanese from the points, and marks a refunded charge', async () => {
    useLanguageAndCurrencyStore.setState({ language: 'ja', currency: 'KRW' });
    await translateInto('ja');
    server.use(http.get(api(`/points/charges/${chargeId}/receipt`), () => HttpResponse.json({ receipt: receiptFixture({ refundedAt: '2026-11-02T01:00:00.000Z' }) })));
    render();
    expect((await screen.findByTestId('receipt-item')).textContent).toBe('オレンジ 500 + ボーナス 15');
    expect(screen.getByTestId('receipt-amount').textContent).toBe('₩50,000');
    expect(screen.getByText('このお支払いは返金済みです')).toBeTruthy();
  });

  it('prints with the Print button', async () => {
    const print = vi.spyOn(window, 'print').mockImplementation(() => undefined);
    render();
    await userEvent.click(await screen.findByRole('button', { name: '인쇄하기' }));
    expect(print).toHaveBeenCalledOnce();
    print.mockRestore();
  });

  it('says a charge without a receipt (409) has none, and an unknown one (404) is not found, each with the way back', async () => {
    server.use(http.get(api(`/points/charges/${chargeId}/receipt`), () => apiError(409, 'points.no_receipt')));
    const first = render();
    expect(await screen.findByText('영수증은 결제가 완료된 충전에만 있어요.')).toBeTruthy();
    expect(screen.getByRole('link', { name: '포인트 내역으로' }).getAttribute('href')).toBe('/my-page/point-history/orange');
    first.unmount();
    server.use(http.get(api(`/points/charges/${chargeId}/receipt`), () => apiError(404, 'points.charge_not_found')));
    render();
    expect(await screen.findByText('영수증을 찾을 수 없어요.')).toBeTruthy();
    expect(screen.getByRole('link', { name: '포인트 내역으로' })).toBeTruthy();
  });
});
