import type { Language, PaymentMethod, Receipt } from '@orchard/shared';
import { maskPaymentKey, receiptAmountsOf, receiptNumberOf } from '@orchard/shared/receipt-rules';

/** The seller a receipt names: as configured now (MERCHANT_NAME …, docs/decisions/105-receipts-and-vat.md). */
export type Merchant = { name: string; businessNumber: string; address: string };

/** What a receipt is made of: the charge, its buyer, its ledger entry and the merchant. */
export type ReceiptSource = {
  charge: { orderId: string; orange: number; bonusOrange: number; amountKrw: number; method: PaymentMethod; paymentKey: string; paidAt: Date; refundedAt: Date | null };
  buyer: { nickname: string | null; email: string | null };
  /** The charge's own ledger entry (point_transactions), written once: the receipt's number. */
  chargeEntryId: number;
  merchant: Merchant;
  language: Language;
};

/** A receipt's item line per language, `{purchased}` and `{bonus}` filled: "오렌지 1,000 + 보너스 50". */
const itemLines: Record<Language, { withBonus: string; alone: string }> = {
  ko: { withBonus: '오렌지 {purchased} + 보너스 {bonus}', alone: '오렌지 {purchased}' },
  en: { withBonus: 'Orange {purchased} + bonus {bonus}', alone: 'Orange {purchased}' },
  zh: { withBonus: '橙子 {purchased} + 赠送 {bonus}', alone: '橙子 {purchased}' },
  ja: { withBonus: 'オレンジ {purchased} + ボーナス {bonus}', alone: 'オレンジ {purchased}' },
  es: { withBonus: '{purchased} Orange + {bonus} de bonificación', alone: '{purchased} Orange' },
};

/** The item line in a language: the purchased Orange, and the bonus when there is one. */
export function receiptItemOf(language: Language, orange: number, bonusOrange: number): string {
  // Grouped in every language (es groups four digits only when asked), as the app shows amounts.
  const number = new Intl.NumberFormat(language, { useGrouping: 'always' });
  const line = bonusOrange > 0 ? itemLines[language].withBonus : itemLines[language].alone;
  return line.replace('{purchased}', number.format(orange)).replace('{bonus}', number.format(bonusOrange));
}

/** A charge's receipt, pure: the same source gives the same receipt on every call. */
export function receiptOf({ charge, buyer, chargeEntryId, merchant, language }: ReceiptSource): Receipt {
  const approvedAt = charge.paidAt.toISOString();
  return {
    number: receiptNumberOf(charge.paidAt, chargeEntryId),
    issuedAt: approvedAt,
    merchant: { ...merchant },
    buyer: { ...buyer },
    item: receiptItemOf(language, charge.orange, charge.bonusOrange),
    ...receiptAmountsOf(charge.amountKrw),
    method: charge.method,
    approvedAt,
    orderId: charge.orderId,
    paymentKeyMasked: maskPaymentKey(charge.paymentKey),
    points: { purchased: charge.orange, bonus: charge.bonusOrange },
    refundedAt: charge.refundedAt?.toISOString() ?? null,
  };
}
