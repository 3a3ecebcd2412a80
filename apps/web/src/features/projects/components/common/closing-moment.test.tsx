import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useLanguageAndCurrencyStore } from '../../../../lib/stores/language-and-currency.ts';
import { renderWithProviders } from '../../../../test/render.tsx';
import { ClosingMoment } from './closing-moment.tsx';

// 00:00 KST on 24 December 2026: 10:00 on the 23rd in New York (UTC−5 in winter).
const closesAt = new Date('2026-12-23T15:00:00.000Z');

describe('the closing moment (docs/product.md#time): KST, and the device’s own time when it is elsewhere', () => {
  const deviceTimeZone = process.env.TZ;
  beforeEach(() => useLanguageAndCurrencyStore.setState({ language: 'en', currency: 'KRW' }));
  afterEach(() => {
    // Node re-reads TZ whenever it is assigned; an unset TZ is the machine's own zone again.
    if (deviceTimeZone === undefined) delete process.env.TZ;
    else process.env.TZ = deviceTimeZone;
  });

  it('a device on KST gets the KST line only', () => {
    process.env.TZ = 'Asia/Seoul';
    renderWithProviders(<ClosingMoment closesAt={closesAt} />);
    const text = screen.getByTestId('project-closes').textContent ?? '';
    expect(text).toBe('Funding closes December 24, 2026 at 00:00 (KST)');
    expect(text).not.toContain('In your time zone');
  });

  it('a device elsewhere also gets the moment in its own time zone, on a second line', () => {
    process.env.TZ = 'America/New_York';
    renderWithProviders(<ClosingMoment closesAt={closesAt} />);
    const line = screen.getByTestId('project-closes');
    expect(line.textContent).toMatch(/^Funding closes December 24, 2026 at 00:00 \(KST\)In your time zone: Dec 23, 2026, 10:00\sAM$/);
    expect(line.querySelector('br')).not.toBeNull();
  });
});
