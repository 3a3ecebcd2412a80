import type { ExchangeRates } from '@orchard/shared';
import type { Clock } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import type { ExchangeRateEntry } from './exchange-rates.table.ts';

/** The KST calendar day of an instant (decisions.md: every day rule is a KST day). */
export function kstDay(instant: Date): string {
  return new Date(instant.getTime() + 9 * 3_600_000).toISOString().slice(0, 10);
}

/** The newest entry already in effect on the given KST day, or null before the first one. */
export function ratesInEffect(table: readonly ExchangeRateEntry[], day: string): ExchangeRateEntry | null {
  let current: ExchangeRateEntry | null = null;
  for (const entry of table) {
    if (entry.effectiveFrom <= day && (current === null || entry.effectiveFrom > current.effectiveFrom)) current = entry;
  }
  return current;
}

export function createExchangeRatesService({ table, clock }: { table: readonly ExchangeRateEntry[]; clock: Clock }) {
  return {
    current(): ExchangeRates {
      const entry = ratesInEffect(table, kstDay(clock.now()));
      if (!entry) throw new AppError(503, 'unavailable', 'No exchange rates are in effect yet.');
      return { base: 'KRW', asOf: entry.effectiveFrom, rates: entry.rates };
    },
  };
}
export type ExchangeRatesService = ReturnType<typeof createExchangeRatesService>;
