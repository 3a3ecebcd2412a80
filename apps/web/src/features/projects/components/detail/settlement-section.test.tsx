import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { useLanguageAndCurrencyStore } from '../../../../lib/stores/language-and-currency.ts';
import { projectFixture } from '../../../../test/fixtures/project.ts';
import { settlementFixture } from '../../../../test/fixtures/settlement.ts';
import { translateInto } from '../../../../test/i18n.ts';
import { api } from '../../../../test/handlers/api.ts';
import { renderWithProviders } from '../../../../test/render.tsx';
import { server } from '../../../../test/server.ts';
import { SettlementSection } from './settlement-section.tsx';

describe('the settlement section (docs/product.md#funding-close, decision 107)', () => {
  beforeEach(() => {
    useLanguageAndCurrencyStore.setState({ language: 'en', currency: 'KRW' });
  });

  it('shows each booked medium’s price × duration, the totals, the ledger check and the CSV link', async () => {
    renderWithProviders(<SettlementSection project={projectFixture({ status: 'succeeded', raised: 10_000 })} />);
    const section = await screen.findByTestId('settlement-section');
    expect(within(section).getByRole('heading', { name: 'Settlement' })).toBeTruthy();
    const lines = within(screen.getByTestId('settlement-lines')).getAllByRole('listitem');
    expect(lines.map((line) => line.textContent)).toEqual([
      'Gangnam station board1,000 Orange a day × 7 days7,000 Orange',
      'Bus 470 spot200 Orange a second × 15 seconds3,000 Orange',
    ]);
    const figures = Object.fromEntries([...section.querySelectorAll('.summary-list__row')].map((row) => [row.querySelector('dt')!.textContent, row.querySelector('dd')!.textContent]));
    expect(figures).toEqual({
      Goal: '10,000 Orange',
      Raised: '10,000 Orange',
      Participants: '12 people',
      "Creator's deposit": '500 Orange',
      'Media total': '10,000 Orange',
      'Surplus above the goal': '0 Orange',
      'What the surplus became': 'Nothing (no surplus to use)',
      'Returned to fans': '0 Orange',
      'Forfeited (deleted accounts)': '0 Orange',
    });
    expect(screen.getByTestId('settlement-ledger').textContent).toBe("✓ Ledger checked: every figure matches the project's escrow entries.");
    expect(within(section).getByRole('link', { name: 'Download as CSV' }).getAttribute('href')).toBe('/api/projects/42/settlement?format=csv&lang=en');
  });

  it('a failed project shows what went back and what was forfeited, in Korean', async () => {
    useLanguageAndCurrencyStore.setState({ language: 'ko', currency: 'KRW' });
    await translateInto('ko');
    server.use(http.get(api('/projects/42/settlement'), () => HttpResponse.json(settlementFixture({ status: 'failed', raised: 4_200, returned: 4_000, forfeited: 200 }))));
    renderWithProviders(<SettlementSection project={projectFixture({ status: 'failed' })} />);
    const section = await screen.findByTestId('settlement-section');
    expect(section.textContent).toContain('팬에게 돌려준 금액4,000 오렌지');
    expect(section.textContent).toContain('소멸 (탈퇴한 계정)200 오렌지');
    expect(section.textContent).toContain('하루 1,000 오렌지 × 7일7,000 오렌지');
    expect(within(section).getByRole('link', { name: 'CSV로 내려받기' }).getAttribute('href')).toBe('/api/projects/42/settlement?format=csv&lang=ko');
  });

  it('says so when the ledger does not match, and an ongoing project’s surplus as extra rewards', async () => {
    server.use(http.get(api('/projects/42/settlement'), () => HttpResponse.json(settlementFixture({ ledgerMatches: false, surplus: 500, surplusUse: 'extra_rewards' }))));
    renderWithProviders(<SettlementSection project={projectFixture({ status: 'succeeded', purpose: 'ongoing' })} />);
    expect((await screen.findByTestId('settlement-ledger')).textContent).toContain('do not match');
    expect(screen.getByTestId('settlement-section').textContent).toContain('Extra rewards');
  });

  it('is hidden before the close, and for a request cancelled before its creation, without asking the API', async () => {
    let asked = 0;
    server.use(http.get(api('/projects/:projectId/settlement'), () => (asked++, HttpResponse.json(settlementFixture()))));
    for (const project of [projectFixture({ status: 'funding' }), projectFixture({ status: 'created' }), projectFixture({ status: 'cancelled', createdAt: null })]) {
      const view = renderWithProviders(<SettlementSection project={project} />);
      expect(screen.queryByTestId('settlement-section')).toBeNull();
      expect(screen.queryByText('Loading the settlement…')).toBeNull();
      view.unmount();
    }
    expect(asked).toBe(0);
  });
});
