import type { ExchangeRates } from '@orchard/shared';
import type { Clock } from '../../lib/clock.ts';
import { kstDateOf, type KstDate } from '../../lib/kst.ts';
import type { ExchangeRateEntry } from './exchange-rates.config.ts';
import { noRatesInEffect } from './exchange-rates.errors.ts';

/** The newest entry already in effect on the given KST day, or null before the first one. */
export function ratesInEffect(table: readonly ExchangeRateEntry[], day: KstDate): ExchangeRateEntry | null {
  let current: ExchangeRateEntry | null = null;
  for (const entry of table) {
    if (entry.effectiveFrom <= day && (current === null || entry.effectiveFrom > current.effectiveFrom)) current = entry;
  }
  return current;
}

export function createExchangeRatesService({ table, clock }: { table: readonly ExchangeRateEntry[]; clock: Clock }) {
  return {
    current(): ExchangeRates {
      const entry = ratesInEffect(table, kstDateOf(clock.now()));
      if (!entry) throw noRatesInEffect();
      return { base: 'KRW', asOf: entry.effectiveFrom, rates: entry.rates };
    },
  };
}
export type ExchangeRatesService = ReturnType<typeof createExchangeRatesService>;
