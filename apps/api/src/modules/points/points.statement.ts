import type { Language, PointCurrency, PointReason, Statement, StatementEntry, StatementTotals } from '@orchard/shared';
import { defaultLanguage, isLanguage } from '@orchard/shared/locale-codes';
import { kstYearOf, receiptNumberOf, startOfKstYear } from '@orchard/shared/receipt-rules';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { csvDocument } from '../../lib/csv.ts';
import { createHistoryRepository, type StatementRow } from './points.history.repository.ts';

/**
 * The money of ledger entries, by entry id, from the payments module (it owns the charges and
 * their refunds): what was paid (+), paid back (−) or kept after a reversed refund (+).
 */
export type EntryMoney = (userId: string, entries: { transactionId: number; paymentId: string | null; reason: PointReason; relatedTransactionId: number | null }[]) => Promise<Map<number, number>>;

const spendReasons: readonly PointReason[] = ['project_participation', 'event_participation'];

/**
 * A statement's totals from its entries (docs/decisions/106-yearly-statement.md), pure: money
 * charged and refunded (net of reversed refunds), and per currency the points spent on projects
 * and events, returned from them, exchanged (Orange) and expired, each as a positive figure.
 */
export function statementTotalsOf(entries: readonly Pick<StatementEntry, 'currency' | 'type' | 'reason' | 'amount' | 'amountKrw'>[]): StatementTotals {
  const totals: StatementTotals = { chargedKrw: 0, refundedKrw: 0, spentOrange: 0, returnedOrange: 0, exchangedOrange: 0, expiredOrange: 0, spentBerry: 0, returnedBerry: 0, expiredBerry: 0 };
  const of = (currency: PointCurrency, orange: keyof StatementTotals, berry: keyof StatementTotals) => (currency === 'orange' ? orange : berry);
  for (const entry of entries) {
    if (entry.type === 'charge' && entry.amountKrw !== null) totals.chargedKrw += entry.amountKrw;
    else if (entry.type === 'refund' && entry.amountKrw !== null) totals.refundedKrw -= entry.amountKrw;
    else if (entry.type === 'spend' && spendReasons.includes(entry.reason)) totals[of(entry.currency, 'spentOrange', 'spentBerry')] -= entry.amount;
    else if (entry.type === 'return') totals[of(entry.currency, 'returnedOrange', 'returnedBerry')] += entry.amount;
    else if (entry.type === 'spend' && entry.reason === 'exchange' && entry.currency === 'orange') totals.exchangedOrange -= entry.amount;
    else if (entry.reason === 'expiry') totals[of(entry.currency, 'expiredOrange', 'expiredBerry')] -= entry.amount;
  }
  return totals;
}

type StatementWords = {
  header: [string, string, string, string, string, string, string];
  currencies: Record<PointCurrency, string>;
  hidden: string;
  reasons: Record<PointReason, string>;
};

/** The CSV's words in the five languages (the reasons as the history screen names them). */
const statementWords: Record<Language, StatementWords> = {
  ko: {
    header: ['일시 (한국 시간)', '포인트', '내용', '프로젝트', '포인트 증감', '결제 금액 (원)', '영수증 번호'],
    currencies: { orange: '오렌지', berry: '베리' },
    hidden: '운영자가 숨긴 프로젝트',
    reasons: {
      point_charge: '포인트 충전',
      bonus_from_charge: '포인트 충전 보너스',
      project_participation: '프로젝트 참여',
      event_participation: '이벤트 참여',
      exchange: '교환',
      expiry: '유효기간 만료',
      project_not_achieved: '프로젝트 미달성',
      event_not_achieved: '이벤트 미달성',
      refund_of_charge: '충전 환불',
      refund_reversed: '환불 취소',
      account_deleted: '회원 탈퇴',
      guardian_refund: '법정대리인 요청 환불',
      guardian_refund_reversed: '법정대리인 환불 취소',
    },
  },
  en: {
    header: ['Date (KST)', 'Points', 'Description', 'Project', 'Points in or out', 'Money (KRW)', 'Receipt number'],
    currencies: { orange: 'Orange', berry: 'Berry' },
    hidden: 'A project hidden by the operator',
    reasons: {
      point_charge: 'Point charge',
      bonus_from_charge: 'Bonus from point charge',
      project_participation: 'Project participation',
      event_participation: 'Event participation',
      exchange: 'Exchange',
      expiry: 'Expired at the end of the usable period',
      project_not_achieved: 'Project not achieved',
      event_not_achieved: 'Event not achieved',
      refund_of_charge: 'Refund of a charge',
      refund_reversed: 'Refund reversed',
      account_deleted: 'Account deleted',
      guardian_refund: "Refund at a guardian's request",
      guardian_refund_reversed: 'Guardian refund reversed',
    },
  },
  zh: {
    header: ['时间（韩国时间）', '积分', '内容', '项目', '积分增减', '金额（韩元）', '收据编号'],
    currencies: { orange: '橙子', berry: '浆果' },
    hidden: '被运营方隐藏的项目',
    reasons: {
      point_charge: '积分充值',
      bonus_from_charge: '充值赠送积分',
      project_participation: '参与项目',
      event_participation: '参与活动',
      exchange: '兑换',
      expiry: '有效期届满',
      project_not_achieved: '项目未达成',
      event_not_achieved: '活动未达成',
      refund_of_charge: '充值退款',
      refund_reversed: '退款已撤销',
      account_deleted: '账号已注销',
      guardian_refund: '应法定监护人要求退款',
      guardian_refund_reversed: '监护人退款已撤销',
    },
  },
  ja: {
    header: ['日時（韓国時間）', 'ポイント', '内容', 'プロジェクト', 'ポイント増減', '金額（ウォン）', '領収書番号'],
    currencies: { orange: 'オレンジ', berry: 'ベリー' },
    hidden: '運営者が非表示にしたプロジェクト',
    reasons: {
      point_charge: 'ポイントチャージ',
      bonus_from_charge: 'チャージボーナス',
      project_participation: 'プロジェクト参加',
      event_participation: 'イベント参加',
      exchange: '交換',
      expiry: '有効期限切れ',
      project_not_achieved: 'プロジェクト未達成',
      event_not_achieved: 'イベント未達成',
      refund_of_charge: 'チャージの返金',
      refund_reversed: '返金の取り消し',
      account_deleted: '退会',
      guardian_refund: '法定代理人の請求による返金',
      guardian_refund_reversed: '法定代理人による返金の取り消し',
    },
  },
  es: {
    header: ['Fecha (hora de Corea)', 'Puntos', 'Concepto', 'Proyecto', 'Puntos (entrada o salida)', 'Importe (KRW)', 'Número de recibo'],
    currencies: { orange: 'Orange', berry: 'Berry' },
    hidden: 'Un proyecto ocultado por el operador',
    reasons: {
      point_charge: 'Recarga de puntos',
      bonus_from_charge: 'Bonificación por recarga',
      project_participation: 'Participación en un proyecto',
      event_participation: 'Participación en un evento',
      exchange: 'Canje',
      expiry: 'Caducados al final del periodo de uso',
      project_not_achieved: 'Proyecto no alcanzado',
      event_not_achieved: 'Evento no alcanzado',
      refund_of_charge: 'Reembolso de una recarga',
      refund_reversed: 'Reembolso revertido',
      account_deleted: 'Cuenta eliminada',
      guardian_refund: 'Reembolso a petición del tutor legal',
      guardian_refund_reversed: 'Reembolso por tutor revertido',
    },
  },
};

const kstOffsetMs = 9 * 3_600_000;
const kstMinute = (iso: string) => new Date(Date.parse(iso) + kstOffsetMs).toISOString().slice(0, 16).replace('T', ' ');

/** The statement as a CSV download in a language: a BOM, a translated header, one row per entry (lib/csv.ts defuses formulas). */
export function statementCsv(statement: Statement, language: Language): string {
  const words = statementWords[language];
  const rows = statement.entries.map((entry) => [
    kstMinute(entry.date),
    words.currencies[entry.currency],
    words.reasons[entry.reason],
    entry.project ? (entry.project.hidden ? words.hidden : (entry.project.title ?? '')) : '',
    entry.amount,
    entry.amountKrw,
    entry.reason === 'point_charge' ? receiptNumberOf(new Date(entry.date), Number(entry.transactionId)) : '',
  ]);
  return csvDocument(words.header, rows);
}

/**
 * The yearly statement (docs/product.md#screens, docs/decisions/106-yearly-statement.md): every ledger entry of one KST year, with
 * the money of charges and refunds from the payments service, and the totals. A year before the
 * account's creation or after this one is empty, not refused.
 */
export function createStatementService({ db, clock, money }: { db: Db; clock: Clock; money: EntryMoney }) {
  const history = () => createHistoryRepository({ db });

  const present = (row: StatementRow, amountKrw: number | null): StatementEntry => ({
    transactionId: String(row.id),
    date: row.createdAt.toISOString(),
    currency: row.currency,
    type: row.type,
    reason: row.reason,
    amount: row.amount,
    amountKrw,
    chargeId: row.paymentId,
    project: row.project,
  });

  return {
    async statement(userId: string, year: number): Promise<{ statement: Statement; language: Language }> {
      const account = await history().accountOf(userId);
      const language: Language = isLanguage(account?.language) ? account.language : defaultLanguage;
      const empty = !account || year < kstYearOf(account.createdAt) || year > kstYearOf(clock.now());
      const rows = empty ? [] : await history().entriesBetween(userId, startOfKstYear(year), startOfKstYear(year + 1));
      const amounts = await money(
        userId,
        rows.map((row) => ({ transactionId: row.id, paymentId: row.paymentId, reason: row.reason, relatedTransactionId: row.relatedTransactionId })),
      );
      const entries = rows.map((row) => present(row, amounts.get(row.id) ?? null));
      const firstYear = kstYearOf(account?.createdAt ?? clock.now());
      return { statement: { year, entries, totals: statementTotalsOf(entries), firstYear }, language };
    },

    statementCsv,
  };
}

export type StatementService = ReturnType<typeof createStatementService>;
