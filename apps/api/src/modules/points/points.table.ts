import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, pgTable, smallint, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from '../users/users.table.ts';

/**
 * The points ledger (docs/architecture.md#ledger): append-only transactions and postings, lots that carry
 * expiry, and cached balances in a wallet row. Integer points only.
 */

/**
 * Cached balances of one user, every currency and kind. A movement of the user's points locks this
 * row before any of their lots (docs/architecture.md#locking). No escrow row is locked: an
 * escrow's side of a movement is an inserted posting (decision 011).
 */
export const pointWallets = pgTable(
  'point_wallets',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id),
    orangePurchased: integer('orange_purchased').notNull().default(0),
    orangeBonus: integer('orange_bonus').notNull().default(0),
    berryPurchased: integer('berry_purchased').notNull().default(0),
    berryBonus: integer('berry_bonus').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check(
      'point_wallets_non_negative',
      sql`${table.orangePurchased} >= 0 and ${table.orangeBonus} >= 0 and ${table.berryPurchased} >= 0 and ${table.berryBonus} >= 0`,
    ),
  ],
);

/** One acquisition: a purchase, its bonus, an exchange result or a re-credit (docs/product.md#points). */
export const pointLots = pgTable(
  'point_lots',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    currency: text('currency').notNull(),
    kind: text('kind').notNull(),
    original: integer('original').notNull(),
    remaining: integer('remaining').notNull(),
    /**
     * remaining > 0, kept by the database. The live-lot indexes are partial on this column rather
     * than on `remaining`, so a spend that leaves a lot live changes no indexed column and is a HOT
     * update (decision 014): no new index entries for the ledger's most frequent write. The table's
     * fillfactor of 85 (migration 0007; Drizzle has no storage parameters) keeps room on the page.
     */
    live: boolean('live').generatedAlwaysAs(sql`remaining > 0`),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** A bonus lot's purchase: the bonus is refunded with its parent, never alone. */
    parentLotId: bigint('parent_lot_id', { mode: 'number' }),
    /** The transaction that created the lot. */
    sourceTransactionId: bigint('source_transaction_id', { mode: 'number' }).notNull(),
    paymentId: uuid('payment_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    check('point_lots_currency_check', sql`${table.currency} in ('orange', 'berry')`),
    check('point_lots_kind_check', sql`${table.kind} in ('purchased', 'bonus')`),
    check('point_lots_remaining_check', sql`${table.remaining} >= 0 and ${table.remaining} <= ${table.original}`),
    check('point_lots_original_check', sql`${table.original} > 0`),
    // The spend path reads a user's live lots of one currency; the sweep reads lots past their end.
    index('point_lots_user_live_idx').on(table.userId, table.currency).where(sql`${table.live}`),
    index('point_lots_expiry_idx').on(table.expiresAt).where(sql`${table.live}`),
    index('point_lots_payment_idx').on(table.paymentId).where(sql`${table.paymentId} is not null`),
  ],
);

/**
 * Which lots were told of their end, and at how many days (docs/product.md#notifications): the
 * notices' work list, kept by the ledger that owns the lots. A row is taken once per horizon by
 * an insert or a lowering update, so two sweepers never tell a lot twice; no lot row is locked.
 */
export const pointLotExpiryNotices = pgTable(
  'point_lot_expiry_notices',
  {
    lotId: bigint('lot_id', { mode: 'number' })
      .primaryKey()
      .references(() => pointLots.id),
    days: smallint('days').notNull(),
    noticedAt: timestamp('noticed_at', { withTimezone: true }).notNull(),
  },
  (table) => [check('point_lot_expiry_notices_days_check', sql`${table.days} > 0`)],
);

/**
 * A project's (or event's) escrow: participations sit here until success or return
 * (docs/architecture.md#lifecycle). Its balance is the sum of its postings, never a counter on
 * this row: every participation of a project would queue on that one row (decision 011).
 */
export const pointEscrowAccounts = pgTable(
  'point_escrow_accounts',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** The project it belongs to; projects come in a later issue (no foreign key yet). */
    projectId: integer('project_id'),
    currency: text('currency').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('point_escrow_currency_check', sql`${table.currency} in ('orange', 'berry')`),
    uniqueIndex('point_escrow_project_unique').on(table.projectId),
  ],
);

/**
 * An escrow emptied into the consumed account once its project's ad runs (decision 055): the points
 * are spent on the ad. Not a user's transaction (nobody's balance moves, no history entry); its two
 * legs are postings like any other. At most one per escrow.
 */
export const pointEscrowSettlements = pgTable(
  'point_escrow_settlements',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    escrowAccountId: bigint('escrow_account_id', { mode: 'number' })
      .notNull()
      .references(() => pointEscrowAccounts.id),
    projectId: integer('project_id'),
    currency: text('currency').notNull(),
    amount: integer('amount').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    uniqueIndex('point_escrow_settlements_escrow_unique').on(table.escrowAccountId),
    check('point_escrow_settlements_currency_check', sql`${table.currency} in ('orange', 'berry')`),
    check('point_escrow_settlements_amount_check', sql`${table.amount} > 0`),
  ],
);

/** One user-visible history entry (docs/product.md#points). `amount` is signed: credits positive, debits negative. */
export const pointTransactions = pgTable(
  'point_transactions',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    currency: text('currency').notNull(),
    type: text('type').notNull(),
    reason: text('reason').notNull(),
    amount: integer('amount').notNull(),
    projectId: integer('project_id'),
    escrowAccountId: bigint('escrow_account_id', { mode: 'number' }),
    paymentId: uuid('payment_id'),
    /** A return's participation, a bonus's charge, an exchange's spend, a refund reversal's refund. */
    relatedTransactionId: bigint('related_transaction_id', { mode: 'number' }),
    /** Applied at most once per user: a second attempt with the same key changes nothing. */
    idempotencyKey: text('idempotency_key').notNull(),
    /**
     * The request a key was first used for, on writes that keep their Idempotency-Key on the ledger
     * row itself (decision 011): the same key with another body is refused with a 409.
     */
    requestHash: text('request_hash'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    check('point_transactions_currency_check', sql`${table.currency} in ('orange', 'berry')`),
    check('point_transactions_type_check', sql`${table.type} in ('charge', 'bonus', 'spend', 'refund', 'return', 'exchange')`),
    uniqueIndex('point_transactions_idempotency_unique').on(table.userId, table.idempotencyKey),
    // History pages: newest first, keyset on the id (ids grow with time), one range per entry type,
    // so a tab of rare entries (refunds) never scans a long history of other types.
    index('point_transactions_history_idx').on(table.userId, table.currency, table.type, table.id),
    index('point_transactions_related_idx').on(table.relatedTransactionId).where(sql`${table.relatedTransactionId} is not null`),
  ],
);

/**
 * The double-entry legs of a transaction: each leg moves one lot, one escrow account or one system
 * account; the legs of a transaction sum to zero per currency.
 */
export const pointPostings = pgTable(
  'point_postings',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** The user's transaction the leg belongs to; null for a leg of an escrow's settlement. */
    transactionId: bigint('transaction_id', { mode: 'number' }).references(() => pointTransactions.id),
    /** The escrow settlement the leg belongs to (point_escrow_settlements), when it is not a user's transaction. */
    settlementId: bigint('settlement_id', { mode: 'number' }).references(() => pointEscrowSettlements.id),
    currency: text('currency').notNull(),
    lotId: bigint('lot_id', { mode: 'number' }).references(() => pointLots.id),
    escrowAccountId: bigint('escrow_account_id', { mode: 'number' }).references(() => pointEscrowAccounts.id),
    /** sales, bonus_expense, expired, exchange, refunds, forfeited, returns, consumed. */
    systemAccount: text('system_account'),
    amount: integer('amount').notNull(),
  },
  (table) => [
    check('point_postings_one_account', sql`num_nonnulls(${table.lotId}, ${table.escrowAccountId}, ${table.systemAccount}) = 1`),
    check('point_postings_one_owner', sql`num_nonnulls(${table.transactionId}, ${table.settlementId}) = 1`),
    check('point_postings_non_zero', sql`${table.amount} <> 0`),
    check(
      'point_postings_system_account_check',
      sql`${table.systemAccount} is null or ${table.systemAccount} in ('sales', 'bonus_expense', 'expired', 'exchange', 'refunds', 'forfeited', 'returns', 'consumed')`,
    ),
    index('point_postings_transaction_idx').on(table.transactionId),
    index('point_postings_settlement_idx').on(table.settlementId).where(sql`${table.settlementId} is not null`),
    index('point_postings_lot_idx').on(table.lotId).where(sql`${table.lotId} is not null`),
    index('point_postings_escrow_idx').on(table.escrowAccountId).where(sql`${table.escrowAccountId} is not null`),
  ],
);
