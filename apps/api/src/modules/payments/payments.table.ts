import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from '../users/users.table.ts';

/**
 * The payments module's tables. They were created with the points ledger (migration 0001) and keep
 * their SQL names; only their Drizzle home moved here, so the schema and migrations are unchanged.
 */

/** A charge: one payment through the gateway for one package (the state machine is in payments.service.ts). */
export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    /** The order id the gateway knows the payment by. */
    orderId: text('order_id').notNull(),
    gateway: text('gateway').notNull(),
    packageId: text('package_id').notNull(),
    orange: integer('orange').notNull(),
    bonusOrange: integer('bonus_orange').notNull(),
    amountKrw: integer('amount_krw').notNull(),
    method: text('method').notNull(),
    status: text('status').notNull().default('pending'),
    paymentKey: text('payment_key'),
    /** The gateway's checkout page for this charge, kept once opened so a replay answers the same page. */
    checkoutUrl: text('checkout_url'),
    failureCode: text('failure_code'),
    failureReason: text('failure_reason'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    refundRequestedAt: timestamp('refund_requested_at', { withTimezone: true }),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    uniqueIndex('payments_order_id_unique').on(table.orderId),
    check('payments_status_check', sql`${table.status} in ('pending', 'confirmed', 'declined', 'refunding', 'refunded')`),
    check('payments_amount_check', sql`${table.amountKrw} > 0 and ${table.orange} > 0 and ${table.bonusOrange} >= 0`),
    index('payments_user_idx').on(table.userId, table.createdAt),
    index('payments_refunding_idx').on(table.refundRequestedAt).where(sql`${table.status} = 'refunding'`),
  ],
);

/** Gateway webhook events applied, by the gateway's event id (docs/quality.md#s10: a replayed event changes nothing). */
export const paymentWebhookEvents = pgTable(
  'payment_webhook_events',
  {
    gateway: text('gateway').notNull(),
    eventId: text('event_id').notNull(),
    type: text('type').notNull(),
    orderId: text('order_id').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.gateway, table.eventId] })],
);

/**
 * A guardian's cancellation of a minor's charge (docs/product.md#guardian-cancellation): the
 * unspent part of the charge's lots, refunded by an operator past the 7-day window. One row per
 * refund; a charge can have more than one (points a failed project returns to its lots later can
 * be refunded again). The ledger entry is `transaction_id`; the gateway's partial cancellation is
 * what moves it from 'refunding' to 'refunded' (or back, 'failed', with a reversal entry).
 */
export const guardianRefunds = pgTable(
  'guardian_refunds',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    paymentId: uuid('payment_id')
      .notNull()
      .references(() => payments.id),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    operatorId: uuid('operator_id')
      .notNull()
      .references(() => users.id),
    /** The ledger's refund entry (point_transactions), written with this row. */
    transactionId: bigint('transaction_id', { mode: 'number' }).notNull(),
    /** Purchased Orange taken back (paid for: refunded in money), and the bonus taken with it (not paid for). */
    orange: integer('orange').notNull(),
    bonusOrange: integer('bonus_orange').notNull(),
    amountKrw: integer('amount_krw').notNull(),
    status: text('status').notNull().default('refunding'),
    reason: text('reason').notNull(),
    /** The guardian's inquiry, when the request came as one (no foreign key: the inquiries module owns its table). */
    inquiryId: integer('inquiry_id'),
    failureCode: text('failure_code'),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (table) => [
    check('guardian_refunds_status_check', sql`${table.status} in ('refunding', 'refunded', 'failed')`),
    check('guardian_refunds_amount_check', sql`${table.orange} > 0 and ${table.bonusOrange} >= 0 and ${table.amountKrw} > 0`),
    uniqueIndex('guardian_refunds_transaction_unique').on(table.transactionId),
    index('guardian_refunds_payment_idx').on(table.paymentId, table.id),
    index('guardian_refunds_refunding_idx').on(table.requestedAt).where(sql`${table.status} = 'refunding'`),
  ],
);

/**
 * The sandbox gateway's own side (docs/decisions/078-sandbox-gateway-in-the-database.md): its
 * checkouts and payments, kept where every API process and every restart sees them. Not the app's
 * ledger: the app knows these payments only through the gateway interface, as it knows Toss's.
 * Every state change is one UPDATE guarded by the expected status, so two processes or a double
 * click cannot approve twice or approve a declined checkout.
 */
export const sandboxGatewayPayments = pgTable(
  'sandbox_gateway_payments',
  {
    checkoutId: text('checkout_id').primaryKey(),
    /** Given when the customer approves or declines; the key the app confirms and cancels by. */
    paymentKey: text('payment_key'),
    orderId: text('order_id').notNull(),
    orderName: text('order_name').notNull(),
    amountKrw: integer('amount_krw').notNull(),
    /** The method the shop asked for, then the one the customer approved with. */
    method: text('method').notNull(),
    successUrl: text('success_url').notNull(),
    failUrl: text('fail_url').notNull(),
    language: text('language'),
    /** pending → approved (authorised) → confirmed (captured) → partially_cancelled / cancelled; or pending → declined / abandoned. */
    status: text('status').notNull().default('pending'),
    declineCode: text('decline_code'),
    declineReason: text('decline_reason'),
    /** What has been cancelled so far, whole or in parts; never more than the amount. */
    cancelledKrw: integer('cancelled_krw').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    approvedAt: timestamp('approved_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    uniqueIndex('sandbox_gateway_payments_payment_key_unique').on(table.paymentKey),
    check(
      'sandbox_gateway_payments_status_check',
      sql`${table.status} in ('pending', 'approved', 'confirmed', 'declined', 'abandoned', 'partially_cancelled', 'cancelled')`,
    ),
    check('sandbox_gateway_payments_amount_check', sql`${table.amountKrw} > 0 and ${table.cancelledKrw} between 0 and ${table.amountKrw}`),
  ],
);

/** The sandbox's cancellations of a payment, by the caller's idempotency key (a repeated key replays the first answer). */
export const sandboxGatewayCancellations = pgTable(
  'sandbox_gateway_cancellations',
  {
    /** The order cancellations were made in (several can share a timestamp). */
    id: integer('id').notNull().generatedAlwaysAsIdentity(),
    checkoutId: text('checkout_id')
      .notNull()
      .references(() => sandboxGatewayPayments.checkoutId),
    idempotencyKey: text('idempotency_key').notNull(),
    amountKrw: integer('amount_krw').notNull(),
    /** A partial cancellation (Toss's cancelAmount), not a whole one. */
    partial: boolean('partial').notNull(),
    reason: text('reason').notNull(),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.checkoutId, table.idempotencyKey] }),
    check('sandbox_gateway_cancellations_amount_check', sql`${table.amountKrw} > 0`),
  ],
);
