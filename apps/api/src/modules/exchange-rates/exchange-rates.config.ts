import type { Currency } from '@orchard/shared';

/** One row of the display-currency rate table: in effect from `effectiveFrom` (a KST day). */
export type ExchangeRateEntry = { effectiveFrom: string; rates: Record<Currency, number> };

/**
 * The configured rate table (docs/product.md#currencies: every number is configuration, not a scattered
 * literal). Rates are units of each currency per 1 KRW; add a row to change them from a date.
 */
export const exchangeRateTable: readonly ExchangeRateEntry[] = [
  { effectiveFrom: '2026-01-01', rates: { KRW: 1, USD: 0.00069, JPY: 0.1075 } },
  { effectiveFrom: '2026-11-01', rates: { KRW: 1, USD: 0.00071, JPY: 0.1082 } },
];
