import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { getExchangeRatesQueryOptions } from '../../../lib/exchange-rates.ts';
import { useLanguageAndCurrencyStore } from '../../../lib/stores/language-and-currency.ts';
import { translateInto } from '../../../test/i18n.ts';
import { createTestQueryClient, renderWithProviders } from '../../../test/render.tsx';
import { MyPageHome } from './my-page-home.tsx';

/**
 * My page's line under the balances: the price of one Orange. The rate table is loaded first, so
 * the line is read as it finally stands, converted hint included when there is one.
 */
async function orangePriceLine() {
  const queryClient = createTestQueryClient();
  await queryClient.prefetchQuery(getExchangeRatesQueryOptions());
  renderWithProviders(<MyPageHome />, { path: '/my-page', queryClient });
  return (await screen.findByTestId('orange-price')).textContent;
}

describe('my page: the price of an Orange (docs/product.md#currencies)', () => {
  it('in Korean with KRW, is exact and written the Korean way: 100원이에요, no 약, no ₩', async () => {
    await translateInto('ko');
    useLanguageAndCurrencyStore.setState({ language: 'ko', currency: 'KRW' });
    const line = await orangePriceLine();
    expect(line).toBe('1 오렌지는 100원이에요 (부가세 포함)');
    expect(line).not.toContain('₩');
    expect(line).not.toContain('약');
  });

  it('in Korean with another display currency, stays exact in won with the converted amount as an approximate hint', async () => {
    await translateInto('ko');
    useLanguageAndCurrencyStore.setState({ language: 'ko', currency: 'USD' });
    expect(await orangePriceLine()).toBe('1 오렌지는 100원이에요 (약 US$0.07, 부가세 포함)');
  });

  it('in English with KRW, uses the won sign and no approximation', async () => {
    useLanguageAndCurrencyStore.setState({ language: 'en', currency: 'KRW' });
    const line = await orangePriceLine();
    expect(line).toBe('1 Orange is ₩100 (tax included)');
    expect(line).not.toMatch(/about|≈/);
  });
});
