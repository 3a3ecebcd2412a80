/**
 * Receipts and the yearly statement (docs/product.md#payments, docs/decisions/105-receipts-and-vat.md,
 * docs/decisions/106-yearly-statement.md): the rules both the API and the web apply, free of zod.
 */

/**
 * The VAT inside a price that includes it (docs/product.md#prices: VAT 10 % included), in whole
 * won: round(amount × 10 / 110). Done in integers (round(a / 11) = ⌊(2a + 11) / 22⌋), so no float
 * ever decides a won; a whole-won amount never lands on exactly half a won (a / 11 has no .5), and
 * the formula would round a half up.
 */
export function vatOfKrw(amountKrw: number): number {
  if (!Number.isSafeInteger(amountKrw) || amountKrw < 0) throw new RangeError(`not a whole, non-negative amount of won: ${amountKrw}`);
  return Math.floor((2 * amountKrw + 11) / 22);
}

/** A price's split: what was paid, its supply value and its VAT (supply = amount − VAT, so the two always add up). */
export function receiptAmountsOf(amountKrw: number): { amountKrw: number; supplyKrw: number; vatKrw: number } {
  const vatKrw = vatOfKrw(amountKrw);
  return { amountKrw, supplyKrw: amountKrw - vatKrw, vatKrw };
}

/** The mask character of a payment key's hidden middle. */
export const maskCharacter = '*';

/**
 * A gateway's payment key as a receipt shows it: the first 4 and the last 4 characters, the rest
 * masked one for one. A key of 8 characters or fewer would show whole, so it is masked whole.
 */
export function maskPaymentKey(paymentKey: string): string {
  const characters = [...paymentKey];
  if (characters.length <= 8) return maskCharacter.repeat(characters.length);
  return `${characters.slice(0, 4).join('')}${maskCharacter.repeat(characters.length - 8)}${characters.slice(-4).join('')}`;
}

const kstOffsetMs = 9 * 3_600_000;

/** The KST calendar year of an instant (docs/product.md#time): 2026-12-31T15:00Z is 2027. */
export function kstYearOf(instant: Date): number {
  return new Date(instant.getTime() + kstOffsetMs).getUTCFullYear();
}

/** 00:00 KST of 1 January of a year, as an instant: a statement's year runs from this one to the next year's. */
export function startOfKstYear(year: number): Date {
  return new Date(Date.UTC(year, 0, 1) - kstOffsetMs);
}

/**
 * A receipt's number: `OR-{KST year of approval}-{the charge's ledger entry id, 8 digits at least}`.
 * The ledger entry is written once per charge, so the number never changes between two reads.
 */
export function receiptNumberOf(approvedAt: Date, chargeEntryId: number): string {
  return `OR-${kstYearOf(approvedAt)}-${String(chargeEntryId).padStart(8, '0')}`;
}

/** The years a statement can be asked for: from the account's creation year to this one, newest first. */
export function statementYearsOf(createdAt: Date, now: Date): number[] {
  const first = kstYearOf(createdAt);
  const last = Math.max(first, kstYearOf(now));
  return Array.from({ length: last - first + 1 }, (_, index) => last - index);
}
