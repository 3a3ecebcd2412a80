/** A signed amount as the history shows it: credits with a plus sign, debits with a true minus sign. */
export function signedAmount(amount: number, formatted: string): string {
  if (amount > 0) return `+${formatted}`;
  if (amount < 0) return `\u2212${formatted.replace(/^-/, '')}`;
  return formatted;
}
