import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { useLanguageAndCurrencyStore } from '../../../lib/stores/language-and-currency.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { TermsDocument } from './terms-document.tsx';

describe('legal documents (docs/product.md#terms)', () => {
  beforeEach(() => useLanguageAndCurrencyStore.setState({ language: 'en', currency: 'KRW' }));

  it('the terms of service are a real, versioned page with the refund rules', () => {
    renderWithProviders(<TermsDocument document="service" />);
    expect(screen.getByRole('heading', { level: 2, name: 'Terms of service' })).toBeTruthy();
    expect(screen.getByText('Version 2026-11-01 · in effect from November 1, 2026')).toBeTruthy();
    const refunds = screen.getByRole('region', { name: 'Article 6 (Withdrawal and refunds)' });
    expect(refunds.textContent).toContain('Within 7 days of payment');
    expect(refunds.textContent).toContain('never refunded on its own');
    expect(screen.getByRole('region', { name: 'Article 3 (Accounts and minors)' }).textContent).toContain('legal guardian');
  });

  it('links to the other documents', () => {
    renderWithProviders(<TermsDocument document="privacy" />);
    expect(screen.getByRole('heading', { level: 2, name: 'Privacy policy' })).toBeTruthy();
    expect(screen.getByRole('region', { name: '3. How long we keep it' }).textContent).toContain('5 years');
    const others = screen.getByRole('navigation', { name: 'Terms and policies' });
    expect(within(others).getAllByRole('link').map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Terms of service', '/terms/service'],
      ['Unique identification information notice', '/terms/unique-identification'],
    ]);
  });
});
