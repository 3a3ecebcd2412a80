import { queryOptions, useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { ExchangeRates } from '@orchard/shared';
import { formatDisplayAmount } from './format.ts';
import { apiRequest } from './http.ts';
import { useLanguageAndCurrencyStore } from './stores/language-and-currency.ts';

export function getExchangeRatesQueryOptions() {
  return queryOptions({
    queryKey: ['exchange-rates'] as const,
    queryFn: ({ signal }) => apiRequest<ExchangeRates>('/exchange-rates', { signal }),
    // The table changes at most daily.
    staleTime: 60 * 60 * 1000,
  });
}

/**
 * Formats KRW amounts in the chosen display currency (docs/product.md#currencies: payments are in KRW; USD and JPY
 * are display currencies from the API's dated rate table; KRW is written as `formatKrw` writes it). Null until the
 * table has loaded.
 */
export function useDisplayAmount() {
  const language = useLanguageAndCurrencyStore((state) => state.language);
  const currency = useLanguageAndCurrencyStore((state) => state.currency);
  const rates = useQuery(getExchangeRatesQueryOptions());
  const table = rates.data;
  const format = useCallback(
    (amountInKrw: number) => (table ? formatDisplayAmount(amountInKrw, currency, language, table) : null),
    [table, currency, language],
  );
  return { format, asOf: table?.asOf ?? null, isError: rates.isError };
}

/** docs/product.md#prices: 1 Orange = 100 KRW, VAT included. */
export const orangePriceKrw = 100;
