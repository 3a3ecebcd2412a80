import { eq, inArray, sql } from 'drizzle-orm';
import type { HistoryEntry, LocalizedName, PaymentMethod, PointCurrency, PointReason, PointTransactionType } from '@orchard/shared';
import { queryNamed, type Db, type NamedStatement } from '../../db/client.ts';
import { epochMs, epochMsText, nullableDate } from '../../db/rows.ts';
import { decodeCursor, encodeCursor } from '../../lib/cursor.ts';
import { entryPaymentText } from '../payments/payments.service.ts';
import { projectReferenceText } from '../projects/projects.service.ts';
import { users } from '../users/users.table.ts';
import { pointTransactions } from './points.table.ts';

/** A transaction as another module shows it beside its own rows (support's inbox). */
export type TransactionSummary = {
  id: number;
  userId: string;
  type: string;
  reason: string;
  currency: PointCurrency;
  amount: number;
  projectId: number | null;
  createdAt: Date;
};

/** The history's keyset cursor: the id of the last entry of a page (lib/cursor.ts). */
export const encodeHistoryCursor = (lastId: number) => encodeCursor('before', lastId);
export const decodeHistoryCursor = (cursor: string) => decodeCursor(cursor, 'before', { min: 1, max: Number.MAX_SAFE_INTEGER });

/**
 * An entry's payment and project, the payments' and the projects' pieces of SQL text
 * (docs/decisions/103-sql-text-from-its-owners.md): left joins of the transaction's `payment_id` and
 * `project_id`, and the columns over them.
 */
const entryPayment = entryPaymentText('t.payment_id');
const entryProject = projectReferenceText('t.project_id');

/**
 * The columns of an entry, as SQL text (t: the transaction, then its payment's and its project's).
 * The project's title is read with the page, not copied into the ledger, so a hidden project's is
 * withheld (docs/product.md#notifications).
 */
const entryColumnsText = `t.id, t.currency, t.type, t.reason, t.amount, t.project_id, ${epochMsText('t.created_at')} as created_ms,
    ${entryProject.title} as project_title, ${entryProject.artistNames} as artist_names,
    ${entryProject.hidden} as project_hidden,
    ${entryPayment.columns},
    (select ${epochMsText('max(l.expires_at)')} from point_postings pp join point_lots l on l.id = pp.lot_id
      where pp.transaction_id = t.id and pp.amount > 0) as usable_ms`;

const iso = (value: unknown) => nullableDate(value)?.toISOString() ?? null;

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
    project:
      row.project_id === null || row.artist_names === null
        ? null
        : {
            id: Number(row.project_id),
            title: row.project_hidden === true ? null : (row.project_title as string | null),
            hidden: row.project_hidden === true,
            artistNames: row.artist_names as LocalizedName,
          },
  };
}

/**
 * A page of the history, newest first: one index range per type (`point_transactions_history_idx`),
 * each cut at the page size, then merged, so the cost of a page does not grow with the rest of the
 * history (bench: 1 M rows vs 1 k). One named statement for every tab and page: PostgreSQL plans it
 * once per connection (db/client.ts) instead of on every request, where planning the unnamed
 * per-tab query took three times its execution on the 1 M-row history. Parameters: $1 user, $2
 * currency, $3 the tab's types, $4 the cursor's id (null: the first page), $5 the page size + 1.
 */
const historyPageStatement: NamedStatement = {
  name: 'points_history_page_v2',
  text: `
    select ${entryColumnsText}
    from unnest($3::text[]) as tab(type)
    cross join lateral (
      select id from point_transactions
      where user_id = $1::uuid and currency = $2::text and type = tab.type and id < coalesce($4::bigint, 9223372036854775807)
      order by id desc limit $5::int
    ) page
    join point_transactions t on t.id = page.id
    ${entryPayment.join}
    ${entryProject.joins}
    order by t.id desc limit $5::int`,
};

/** A ledger entry as the yearly statement lists it; its money is the payments module's (docs/decisions/106-yearly-statement.md). */
export type StatementRow = {
  id: number;
  currency: PointCurrency;
  type: PointTransactionType;
  reason: PointReason;
  amount: number;
  paymentId: string | null;
  relatedTransactionId: number | null;
  createdAt: Date;
  project: HistoryEntry['project'];
};

/** The SQL of the points history screen; which types a tab shows is the service's decision. */
export function createHistoryRepository({ db }: { db: Db }) {
  return {
    /**
     * A page of entries of `types`, newest first, keyset on the transaction id before `before`
     * (never OFFSET: docs/architecture.md#api-conventions).
     */
    async page(userId: string, query: { currency: PointCurrency; types: PointTransactionType[]; before: number | null; limit: number }) {
      const rows = await queryNamed(db, historyPageStatement, [userId, query.currency, query.types, query.before, query.limit + 1]);
      const page = rows.slice(0, query.limit).map(toEntry);
      const last = page.at(-1);
      return { items: page, nextCursor: rows.length > query.limit && last ? encodeHistoryCursor(Number(last.transactionId)) : null };
    },

    /** One entry with the lots it moved; undefined for another user's entry or none. */
    async detail(userId: string, transactionId: number) {
      const { rows } = await db.execute<Record<string, unknown>>(sql`
        select ${sql.raw(entryColumnsText)} from point_transactions t ${sql.raw(entryPayment.join)} ${sql.raw(entryProject.joins)}
        where t.id = ${transactionId} and t.user_id = ${userId}`);
      const row = rows[0];
      if (!row) return undefined;
      const lots = await db.execute<Record<string, unknown>>(sql`
        select l.kind, pp.amount, ${epochMs(sql`l.expires_at`)} as expires_ms from point_postings pp join point_lots l on l.id = pp.lot_id
        where pp.transaction_id = ${transactionId} order by pp.id`);
      return {
        ...toEntry(row),
        lots: lots.rows.map((lot) => ({ kind: lot.kind as 'purchased' | 'bonus', amount: Number(lot.amount), expiresAt: iso(lot.expires_ms)! })),
      };
    },

    /**
     * Every entry of the user in [from, to), oldest first, with its project as the history shows
     * it (the projects' piece of SQL text, decision 103). It walks the user's entries of each
     * currency and type (point_transactions_history_idx) and keeps those of the period.
     */
    async entriesBetween(userId: string, from: Date, to: Date): Promise<StatementRow[]> {
      const { rows } = await db.execute<Record<string, unknown>>(sql`
        select t.id, t.currency, t.type, t.reason, t.amount, t.payment_id, t.related_transaction_id, ${sql.raw(epochMsText('t.created_at'))} as created_ms,
          ${sql.raw(entryProject.title)} as project_title, ${sql.raw(entryProject.artistNames)} as artist_names, ${sql.raw(entryProject.hidden)} as project_hidden
        from point_transactions t ${sql.raw(entryProject.joins)}
        where t.user_id = ${userId} and t.created_at >= ${from.toISOString()}::timestamptz and t.created_at < ${to.toISOString()}::timestamptz
        order by t.id`);
      return rows.map((row) => {
        const entry = toEntry({ ...row, payment_id: null, paid_ms: null, usable_ms: null });
        return {
          id: Number(row.id),
          currency: entry.currency,
          type: entry.type,
          reason: entry.reason,
          amount: entry.amount,
          paymentId: row.payment_id === null ? null : String(row.payment_id),
          relatedTransactionId: row.related_transaction_id === null ? null : Number(row.related_transaction_id),
          createdAt: new Date(entry.date),
          project: entry.project,
        };
      });
    },

    /** The account a statement is of: when it was made (its first year) and its language. */
    async accountOf(userId: string): Promise<{ createdAt: Date; language: string } | undefined> {
      const [row] = await db.select({ createdAt: users.createdAt, language: users.language }).from(users).where(eq(users.id, userId));
      return row;
    },

    /** The ledger entry that credited a charge's purchased Orange (its key is `charge:{payment}`), or null before it is credited. */
    async chargeEntryIdOf(userId: string, paymentId: string): Promise<number | null> {
      const { rows } = await db.execute<{ id: unknown }>(sql`select id from point_transactions where user_id = ${userId} and idempotency_key = ${`charge:${paymentId}`}`);
      return rows[0] ? Number(rows[0].id) : null;
    },

    /** These transactions' own fields (whose, what, how much, when), whoever they belong to; absent ids are left out. */
    async summariesOf(transactionIds: number[]): Promise<TransactionSummary[]> {
      if (transactionIds.length === 0) return [];
      const rows = await db
        .select({
          id: pointTransactions.id,
          userId: pointTransactions.userId,
          type: pointTransactions.type,
          reason: pointTransactions.reason,
          currency: pointTransactions.currency,
          amount: pointTransactions.amount,
          projectId: pointTransactions.projectId,
          createdAt: pointTransactions.createdAt,
        })
        .from(pointTransactions)
        .where(inArray(pointTransactions.id, transactionIds));
      return rows.map((row) => ({ ...row, currency: row.currency as PointCurrency }));
    },
  };
}

export type HistoryRepository = ReturnType<typeof createHistoryRepository>;
