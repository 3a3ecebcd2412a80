import type { Currency, Language } from '@orchard/shared';
import { intlLocaleOf } from './locale.ts';

/** docs/product.md#time: all business dates and times are KST. */
export const businessTimeZone = 'Asia/Seoul';

/** docs/product.md#currencies: KRW and JPY without decimals, USD with 2. */
export const currencyFractionDigits: Record<Currency, number> = { KRW: 0, USD: 2, JPY: 0 };

/** How many units of each display currency one KRW buys, as of a date (KST). */
export type ExchangeRateTable = { asOf: string; rates: Record<Currency, number> };

export function convertFromKrw(amountInKrw: number, currency: Currency, table: ExchangeRateTable): number {
  return amountInKrw * table.rates[currency];
}

export function formatCurrency(amount: number, currency: Currency, language: Language): string {
  const digits = currencyFractionDigits[currency];
  return new Intl.NumberFormat(intlLocaleOf[language], {
    style: 'currency',
    currency,
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).format(amount);
}

/**
 * A KRW amount as charged or paid (docs/product.md#currencies): written the Korean way in Korean
 * ("100,000원"), with the won sign elsewhere ("₩100,000"). Never converted: the user pays won.
 */
export function formatKrw(amountInKrw: number, language: Language): string {
  if (language === 'ko') return `${formatNumber(amountInKrw, language)}원`;
  // The narrow symbol: Spanish would otherwise write the ISO code ("100.000 KRW").
  return new Intl.NumberFormat(intlLocaleOf[language], { style: 'currency', currency: 'KRW', currencyDisplay: 'narrowSymbol', maximumFractionDigits: 0 }).format(
    amountInKrw,
  );
}

/**
 * A KRW amount in the chosen display currency (docs/product.md#currencies): in KRW it is the exact
 * amount, written as money paid is (`formatKrw`: "100원" in Korean, "₩100" elsewhere); in USD or
 * JPY it is converted with the dated rate table.
 */
export function formatDisplayAmount(amountInKrw: number, currency: Currency, language: Language, table: ExchangeRateTable): string {
  return currency === 'KRW' ? formatKrw(amountInKrw, language) : formatKrwAmount(amountInKrw, currency, language, table);
}

/** A KRW amount converted to the chosen display currency, in that currency's international notation. */
export function formatKrwAmount(amountInKrw: number, currency: Currency, language: Language, table: ExchangeRateTable): string {
  return formatCurrency(convertFromKrw(amountInKrw, currency, table), currency, language);
}

export function formatNumber(value: number, language: Language): string {
  return new Intl.NumberFormat(intlLocaleOf[language]).format(value);
}

/** A date (and optionally time) in KST, whatever the device's own time zone. */
export function formatKstDate(date: Date | string, language: Language, options: { withTime?: boolean } = {}): string {
  const value = typeof date === 'string' ? new Date(date) : date;
  return new Intl.DateTimeFormat(intlLocaleOf[language], {
    timeZone: businessTimeZone,
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    // hourCycle, not hour12: false, which some engines read as h24 and write midnight as 24:00.
    ...(options.withTime ? { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' } : {}),
  }).format(value);
}

/** A calendar date `YYYY-MM-DD` (already a KST day) shown in the interface language. */
export function formatKstCalendarDay(day: string, language: Language): string {
  // Noon KST keeps the same calendar day in every formatting path.
  return formatKstDate(new Date(`${day}T12:00:00+09:00`), language);
}
