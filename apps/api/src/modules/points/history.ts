import { sql, type SQL } from 'drizzle-orm';
import type { HistoryEntry, HistoryTab, PaymentMethod, PointCurrency, PointReason, PointTransactionType } from '@orchard/shared';
import type { Db } from '../../db/client.ts';
import { badRequest } from '../../lib/errors.ts';
import { transactionNotFound } from './points.errors.ts';

/**
 * Which entry types each history tab shows (spec §2). A return gives a spend back, so it sits
 * with the spends; Berry has no refund tab (Berry is never refunded).
 */
const tabTypes: Record<PointCurrency, Partial<Record<HistoryTab, PointTransactionType[]>>> = {
  orange: {
    all: ['charge', 'bonus', 'spend', 'refund', 'return', 'exchange'],
    charge: ['charge', 'bonus'],
    spend: ['spend', 'return'],
    refund: ['refund'],
  },
  berry: { all: ['charge', 'bonus', 'spend', 'refund', 'return', 'exchange'], charge: ['exchange', 'charge', 'bonus'], spend: ['spend', 'return'] },
};

export function encodeHistoryCursor(lastId: number): string {
  return Buffer.from(JSON.stringify({ before: lastId })).toString('base64url');
}

function decodeHistoryCursor(cursor: string): number {
  try {
    const before = (JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as { before?: unknown })?.before;
    if (typeof before === 'number' && Number.isSafeInteger(before) && before > 0) return before;
  } catch {
    // refused below
  }
  throw badRequest('points.cursor_invalid', 'The cursor is not valid.');
}

const iso = (value: unknown) => (value === null || value === undefined ? null : new Date(Number(value)).toISOString());
const ms = (column: SQL) => sql`(extract(epoch from ${column}) * 1000)::float8`;

function entryColumns() {
  return sql`t.id, t.currency, t.type, t.reason, t.amount, t.project_id, ${ms(sql`t.created_at`)} as created_ms,
    p.id as payment_id, p.amount_krw, p.method, ${ms(sql`p.paid_at`)} as paid_ms,
    (select ${ms(sql`max(l.expires_at)`)} from point_postings pp join point_lots l on l.id = pp.lot_id
      where pp.transaction_id = t.id and pp.amount > 0) as usable_ms`;
}

function toEntry(row: Record<string, unknown>): HistoryEntry {
  const paymentId = row.payment_id === null ? null : String(row.payment_id);
  return {
    transactionId: String(row.id),
    currency: row.currency as PointCurrency,
    type: row.type as PointTransactionType,
    reason: row.reason as PointReason,
    content: row.reason as PointReason,
    amount: Number(row.amount),
    date: iso(row.created_ms)!,
    payment: paymentId ? { chargeId: paymentId, amountKrw: Number(row.amount_krw), method: row.method as PaymentMethod } : null,
    chargeDate: iso(row.paid_ms),
    usableDate: iso(row.usable_ms),
    chargeMethod: paymentId ? (row.method as PaymentMethod) : null,
    project: row.project_id === null ? null : { id: Number(row.project_id) },
  };
}

export function createHistoryService({ db }: { db: Db }) {
  return {
    /** Newest first, keyset on the transaction id (never OFFSET: ARCHITECTURE §3). */
    async page(userId: string, query: { currency: PointCurrency; tab: HistoryTab; cursor?: string; limit: number }) {
      const types = tabTypes[query.currency][query.tab];
      if (!types) throw badRequest('validation.invalid', 'Berry has no refund tab.');
      const before = query.cursor === undefined ? null : decodeHistoryCursor(query.cursor);
      // One index range per type, each cut at the page size, then merged: the cost of a page does not
      // grow with the rest of the history (bench: 1 M rows vs 1 k).
      const take = query.limit + 1;
      const perType = types.map(
        (type) => sql`(select id from point_transactions
          where user_id = ${userId} and currency = ${query.currency} and type = ${type}
            ${before === null ? sql`` : sql`and id < ${before}`}
          order by id desc limit ${take})`,
      );
      const { rows } = await db.execute<Record<string, unknown>>(sql`
        select ${entryColumns()}
        from (${sql.join(perType, sql` union all `)}) page
        join point_transactions t on t.id = page.id
        left join payments p on p.id = t.payment_id
        order by t.id desc limit ${take}`);
      const page = rows.slice(0, query.limit).map(toEntry);
      const last = page.at(-1);
      return { items: page, nextCursor: rows.length > query.limit && last ? encodeHistoryCursor(Number(last.transactionId)) : null };
    },

    /** One entry with the lots it moved; another user's entry is not found. */
    async detail(userId: string, transactionId: number) {
      const { rows } = await db.execute<Record<string, unknown>>(sql`
        select ${entryColumns()} from point_transactions t left join payments p on p.id = t.payment_id
        where t.id = ${transactionId} and t.user_id = ${userId}`);
      const row = rows[0];
      if (!row) throw transactionNotFound();
      const lots = await db.execute<Record<string, unknown>>(sql`
        select l.kind, pp.amount, ${ms(sql`l.expires_at`)} as expires_ms from point_postings pp join point_lots l on l.id = pp.lot_id
        where pp.transaction_id = ${transactionId} order by pp.id`);
      return {
        ...toEntry(row),
        lots: lots.rows.map((lot) => ({ kind: lot.kind as 'purchased' | 'bonus', amount: Number(lot.amount), expiresAt: iso(lot.expires_ms)! })),
      };
    },
  };
}

export type HistoryService = ReturnType<typeof createHistoryService>;
