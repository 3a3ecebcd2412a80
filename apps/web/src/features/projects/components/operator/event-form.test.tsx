import type { AdPackage, Medium } from '@orchard/shared';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { useLanguageAndCurrencyStore } from '../../../../lib/stores/language-and-currency.ts';
import { renderWithProviders } from '../../../../test/render.tsx';
import { EventForm } from './event-form.tsx';

const basic = { id: 'basic', name: 'Basic', days: 7, categoryCodes: ['ADMM002'] } as unknown as AdPackage;
const subway = {
  id: 3,
  name: 'Gangnam light box',
  categoryCode: 'ADMM002',
  subCategoryName: 'Subway',
  address: 'Gangnam station',
  priceUnit: 'day',
  price: 390,
  durations: [1, 7],
} as unknown as Medium;

describe("the console's event form (docs/product.md#events)", () => {
  beforeEach(() => useLanguageAndCurrencyStore.setState({ language: 'en', currency: 'KRW' }));

  it('shows the goal in Berry, the media total × 13, beside what it is worth in Orange and won', async () => {
    const user = userEvent.setup();
    renderWithProviders(
      <EventForm catalogue={{ packages: [basic], media: [subway], pending: false, error: null }} slots={{ renderArtistPicker: () => null }} onPackageChange={() => {}} />,
    );
    await user.click(await screen.findByRole('radio', { name: /Basic/ }));
    await user.click(screen.getByRole('checkbox', { name: 'Gangnam light box' }));
    await user.selectOptions(screen.getByLabelText(/Gangnam light box/, { selector: 'select' }), '1');
    // An ad of 390 Orange (39,000 won) is a 5,070 Berry goal.
    expect(screen.getByTestId('event-goal').textContent).toBe('Goal: 5,070 Berry');
    expect(screen.getByTestId('event-goal-worth').textContent).toBe('Worth 390 Orange (₩39,000): the media total, at 13 Berry per Orange.');
  });
});
