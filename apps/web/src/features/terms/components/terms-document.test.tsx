import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { useLanguageAndCurrencyStore } from '../../../lib/stores/language-and-currency.ts';
import { translateInto } from '../../../test/i18n.ts';
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

  // docs/product.md#account-deletion: a creator cannot leave before their project's funding period ends.
  it.each([
    ['en', 'Article 9 (Leaving)', 'a project you created has not finished its funding period'],
    ['ko', '제9조 (탈퇴)', '직접 만든 프로젝트의 펀딩 기간이 끝나기 전'],
    ['ja', '第9条（退会）', '自分が作成したプロジェクトの募集期間が終わるまで'],
    ['zh', '第9条（注销）', '自己创建的项目的募集期结束之前'],
    ['es', 'Artículo 9 (Baja)', 'un proyecto que hayas creado no haya terminado su periodo de financiación'],
  ] as const)('the leaving article in %s says a creator cannot leave while their project is funding', async (language, heading, rule) => {
    await translateInto(language);
    useLanguageAndCurrencyStore.setState({ language, currency: 'KRW' });
    renderWithProviders(<TermsDocument document="service" />);
    expect(screen.getByRole('region', { name: heading }).textContent).toContain(rule);
  });
});
