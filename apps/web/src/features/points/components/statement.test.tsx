import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { useState } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { useLanguageAndCurrencyStore } from '../../../lib/stores/language-and-currency.ts';
import { statementFixture } from '../../../test/fixtures/receipt.ts';
import { api } from '../../../test/handlers/api.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { server } from '../../../test/server.ts';
import { Statement } from './statement.tsx';

function WithYear({ initial }: { initial: number }) {
  const [year, setYear] = useState(initial);
  return <Statement year={year} onYearChange={setYear} />;
}

describe('the yearly statement (docs/decisions/106-yearly-statement.md)', () => {
  beforeEach(() => useLanguageAndCurrencyStore.setState({ language: 'en', currency: 'KRW' }));

  it('shows the year’s totals and entries, newest first, with the CSV to download and a charge’s receipt', async () => {
    renderWithProviders(<WithYear initial={2026} />, { path: '/my-page/statement' });
    expect((await screen.findByTestId('total-chargedKrw')).textContent).toBe('₩50,000');
    expect(screen.getByTestId('total-spentOrange').textContent).toBe('200 Orange');
    expect(screen.getByTestId('total-exchangedOrange').textContent).toBe('10 Orange');
    const items = screen.getAllByRole('listitem');
    expect(items[0]!.textContent).toContain('Exchange');
    expect(items[1]!.textContent).toContain('Birthday subway ad');
    expect(items[2]!.textContent).toContain('₩50,000');
    expect(screen.getByRole('link', { name: 'View receipt' }).getAttribute('href')).toMatch(/^\/my-page\/receipt\//);
    expect(screen.getByRole('link', { name: 'Download CSV' }).getAttribute('href')).toBe('/api/points/statement?year=2026&format=csv');
  });

  it('offers the years from the account’s first to this one, and reads another when picked', async () => {
    const asked: string[] = [];
    server.use(
      http.get(api('/points/statement'), ({ request }) => {
        const year = new URL(request.url).searchParams.get('year')!;
        asked.push(year);
        return HttpResponse.json(statementFixture(Number(year), year === '2024' ? { entries: [], totals: { ...statementFixture().totals, chargedKrw: 0, spentOrange: 0, exchangedOrange: 0 } } : {}));
      }),
    );
    renderWithProviders(<WithYear initial={2026} />, { path: '/my-page/statement' });
    const select = await screen.findByRole('combobox', { name: 'Year' });
    const thisYear = new Date(Date.now() + 9 * 3_600_000).getUTCFullYear();
    const options = screen.getAllByRole('option').map((option) => option.textContent);
    expect(options[0]).toBe(String(Math.max(thisYear, 2026)));
    expect(options.at(-1)).toBe('2024');
    await userEvent.selectOptions(select, '2024');
    expect(await screen.findByText('Nothing happened in this year.')).toBeTruthy();
    await waitFor(() => expect(asked).toEqual(['2026', '2024']));
    expect(screen.getByRole('link', { name: 'Download CSV' }).getAttribute('href')).toBe('/api/points/statement?year=2024&format=csv');
  });
});
