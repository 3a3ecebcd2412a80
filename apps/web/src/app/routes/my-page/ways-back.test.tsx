import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { useToastStore } from '../../../components/ui/toast.tsx';
import { resumeAfterChargeKey } from '../../../features/projects/components/common/resume-after-charge.ts';
import { useLanguageAndCurrencyStore } from '../../../lib/stores/language-and-currency.ts';
import { api } from '../../../test/handlers/api.ts';
import { chargeFixture, chargeId } from '../../../test/fixtures/charge.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { server } from '../../../test/server.ts';
import CompletedChargePage from './completed-charge.tsx';
import PointChargePage from './point-charge.tsx';

const paidCharge = chargeFixture({ method: 'card' });

describe('the ways back to a project after a charge or an exchange (docs/product.md#payments)', () => {
  beforeEach(() => {
    useLanguageAndCurrencyStore.setState({ language: 'en', currency: 'KRW' });
    sessionStorage.clear();
    useToastStore.setState({ toasts: [] });
  });

  it('the charge result offers "Back to the project" when the fundraise sheet sent the fan to charge, replacing the result', async () => {
    sessionStorage.setItem(resumeAfterChargeKey, '/project/5');
    server.use(http.get(api(`/points/charges/${chargeId}`), () => HttpResponse.json(paidCharge)));
    renderWithProviders(<CompletedChargePage />, { path: `/my-page/completed-charge/${chargeId}`, route: '/my-page/completed-charge/:id' });
    const back = await screen.findByRole('link', { name: 'Back to the project' });
    expect(screen.getByRole('link', { name: 'History' })).toBeInTheDocument();
    await userEvent.click(back);
    expect(screen.getByTestId('location')).toHaveTextContent('/project/5');
    // Used once: a later charge from My page offers no way back to it.
    expect(sessionStorage.getItem(resumeAfterChargeKey)).toBeNull();
  });

  it('a charge started from My page offers no way back, and one saved for a creation still reads as the creation', async () => {
    server.use(http.get(api(`/points/charges/${chargeId}`), () => HttpResponse.json(paidCharge)));
    const first = renderWithProviders(<CompletedChargePage />, { path: `/my-page/completed-charge/${chargeId}`, route: '/my-page/completed-charge/:id' });
    await screen.findByTestId('charged-amount');
    expect(screen.queryByRole('link', { name: /^Back to/ })).toBeNull();
    first.unmount();
    sessionStorage.setItem(resumeAfterChargeKey, '/create-project/9');
    renderWithProviders(<CompletedChargePage />, { path: `/my-page/completed-charge/${chargeId}`, route: '/my-page/completed-charge/:id' });
    expect(await screen.findByRole('link', { name: 'Back to creating your project' })).toHaveAttribute('href', '/create-project/9');
  });

  it('?tab=exchange opens the exchange tab, and a finished exchange offers "Back to the project"', async () => {
    sessionStorage.setItem(resumeAfterChargeKey, '/project/5');
    server.use(
      http.get(api('/points/balances'), () =>
        HttpResponse.json({
          orange: { total: 100, purchased: 100, bonus: 0, expiringWithin30Days: 0 },
          berry: { total: 0, purchased: 0, bonus: 0, expiringWithin30Days: 0 },
        }),
      ),
      http.post(api('/points/exchange'), () => HttpResponse.json({ orange: 10, berry: 130, spendTransactionId: '1', exchangeTransactionId: '2' })),
    );
    renderWithProviders(<PointChargePage />, { path: '/my-page/point-charge?tab=exchange' });
    expect(await screen.findByRole('tab', { name: 'Exchange' })).toHaveAttribute('aria-selected', 'true');
    await screen.findByText('Orange available: 100');
    expect(screen.queryByRole('link', { name: 'Back to the project' })).toBeNull();
    await userEvent.type(screen.getByLabelText('Orange to exchange'), '10');
    await userEvent.click(screen.getByRole('button', { name: 'Exchange' }));
    await userEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Exchange' }));
    const back = await screen.findByRole('link', { name: 'Back to the project' });
    // Said once, beside the way back, not again in a toast.
    expect(screen.getByRole('status')).toHaveTextContent('Exchange complete: 130 Berry added.');
    expect(useToastStore.getState().toasts).toEqual([]);
    await userEvent.click(back);
    expect(screen.getByTestId('location')).toHaveTextContent('/project/5');
  });
});
