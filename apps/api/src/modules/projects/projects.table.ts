import { sql, type AnyColumn } from 'drizzle-orm';
import { berryPerOrange } from '@orchard/shared/points-rules';
import { bigint, boolean, check, date, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { artists } from '../artists/artists.table.ts';
import { users } from '../users/users.table.ts';

/**
 * Points raised in Orange value: a project's Orange, an event's Berry ÷ 13 rounded down
 * (docs/product.md#discovery). The Top 10's order, and the expression its index is built on.
 */
export const orangeValueOf = (columns: { kind: AnyColumn; raised: AnyColumn }) =>
  sql`(case when ${columns.kind} = 'event' then ${columns.raised} / ${sql.raw(String(berryPerOrange))} else ${columns.raised} end)`;

/**
 * Projects (docs/product.md#projects). A request is a project in status `requested`; every status
 * change is one function of the projects service, under this row's lock
 * (docs/architecture.md#lifecycle). Dates are KST calendar dates; instants are timestamptz.
 */
export const projects = pgTable(
  'projects',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    status: text('status').notNull(),
    /** `project` (fans, Orange) or `event` (operators, Berry): docs/product.md#events. */
    kind: text('kind').notNull().default('project'),
    creatorId: uuid('creator_id')
      .notNull()
      .references(() => users.id),
    artistId: integer('artist_id')
      .notNull()
      .references(() => artists.id),
    purpose: text('purpose').notNull(),
    option: text('option').notNull(),
    packageId: text('package_id').notNull(),
    /** Σ price × duration, computed by the server at the request (docs/product.md#goal). */
    goal: integer('goal').notNull(),
    adStartDate: date('ad_start_date', { mode: 'string' }).notNull(),
    adEndDate: date('ad_end_date', { mode: 'string' }).notNull(),
    fundingStartDate: date('funding_start_date', { mode: 'string' }).notNull(),
    fundingEndDate: date('funding_end_date', { mode: 'string' }).notNull(),
    minimumUnit: integer('minimum_unit'),
    title: text('title'),
    introduction: text('introduction'),
    thumbnailPath: text('thumbnail_path'),
    thumbnailSmallPath: text('thumbnail_small_path'),
    youtubeUrl: text('youtube_url'),
    xUrl: text('x_url'),
    creatorXId: text('creator_x_id'),
    creatorEmail: text('creator_email'),
    rejectionReason: text('rejection_reason'),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull(),
    approvedAt: timestamp('approved_at', { withTimezone: true }),
    /** 23:59:59.999 KST of the 7th day after approval. */
    creationDeadline: timestamp('creation_deadline', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    /** The operator's reason when a succeeded project is cancelled (docs/product.md#cancellation). */
    cancellationReason: text('cancellation_reason'),
    /** The project's escrow account (Orange, or Berry for an event), opened at creation. */
    escrowAccountId: bigint('escrow_account_id', { mode: 'number' }),
    deposit: integer('deposit'),
    /**
     * Points raised and distinct funders, kept on the row in the same statement as every
     * participation and return (docs/architecture.md#discovery): the funding lists sort on them
     * through the partial indexes below, whatever the number of projects.
     */
    raised: integer('raised').notNull().default(0),
    backers: integer('backers').notNull().default(0),
    /** The title and the artist's names folded for search (artistSearchKey), matched by trigram. */
    searchText: text('search_text'),
    /**
     * A failed or cancelled project whose participations are still being returned, in chunks of
     * their own transactions after the status change (decision 066): the close sweep resumes it.
     */
    returnsPending: boolean('returns_pending').notNull().default(false),
    /** When the creator and participants were told its proof is overdue (docs/product.md#execution): once. */
    proofOverdueNoticedAt: timestamp('proof_overdue_noticed_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    check(
      'projects_status_check',
      sql`${table.status} in ('requested', 'approved', 'rejected', 'created', 'funding', 'succeeded', 'failed', 'cancelled', 'running', 'awarded')`,
    ),
    check('projects_kind_check', sql`${table.kind} in ('project', 'event')`),
    check('projects_purpose_check', sql`${table.purpose} in ('limited', 'ongoing')`),
    check('projects_option_check', sql`${table.option} in ('image', 'video')`),
    check('projects_goal_check', sql`${table.goal} > 0`),
    check('projects_minimum_unit_check', sql`${table.minimumUnit} is null or ${table.minimumUnit} between 10 and 1000`),
    check('projects_dates_check', sql`${table.fundingStartDate} <= ${table.fundingEndDate} and ${table.fundingEndDate} < ${table.adStartDate}`),
    // Created means funded: a project past creation always has its escrow, and a fan's project its
    // deposit (an operator's event has none: docs/product.md#events).
    check(
      'projects_created_has_escrow',
      sql`${table.createdAt} is null or (${table.escrowAccountId} is not null and (${table.deposit} is not null or ${table.kind} = 'event'))`,
    ),
    check('projects_event_without_deposit', sql`${table.kind} = 'project' or ${table.deposit} is null`),
    // The operator's queue, oldest first.
    index('projects_requested_idx').on(table.requestedAt, table.id).where(sql`${table.status} = 'requested'`),
    // The sweeps' work lists: approved past their deadline, created reaching their start day.
    index('projects_creation_deadline_idx').on(table.creationDeadline).where(sql`${table.status} = 'approved'`),
    index('projects_funding_start_idx').on(table.fundingStartDate).where(sql`${table.status} = 'created'`),
    // My page lists, newest first.
    index('projects_creator_idx').on(table.creatorId, table.id),
    // /api/files/ finds the project a thumbnail belongs to (docs/architecture.md#uploads).
    index('projects_thumbnail_path_idx').on(table.thumbnailPath),
    index('projects_thumbnail_small_path_idx').on(table.thumbnailSmallPath),
    // The public lists, newest first: every created project, by status, by artist.
    index('projects_public_idx').on(table.id).where(sql`${table.createdAt} is not null`),
    index('projects_public_status_idx').on(table.status, table.id).where(sql`${table.createdAt} is not null`),
    index('projects_public_artist_idx').on(table.artistId, table.id).where(sql`${table.createdAt} is not null`),
    // Discovery's funding lists: closing soonest, most raised, most backers; and search by trigram.
    index('projects_funding_deadline_idx').on(table.fundingEndDate, table.id).where(sql`${table.status} = 'funding'`),
    index('projects_funding_raised_idx').on(table.raised.desc(), table.id.desc()).where(sql`${table.status} = 'funding'`),
    index('projects_funding_backers_idx').on(table.backers.desc(), table.id.desc()).where(sql`${table.status} = 'funding'`),
    // The Top 10: funding projects by Orange value, an event's Berry at ÷ 13 rounded down (docs/product.md#discovery).
    index('projects_funding_orange_value_idx')
      .on(sql`${orangeValueOf(table)} desc nulls last`, table.id.desc())
      .where(sql`${table.status} = 'funding'`),
    // Every public project by points raised or by backers (sort without a status or an artist).
    index('projects_public_raised_idx').on(table.raised.desc(), table.id.desc()).where(sql`${table.createdAt} is not null`),
    index('projects_public_backers_idx').on(table.backers.desc(), table.id.desc()).where(sql`${table.createdAt} is not null`),
    // An artist's page: by points raised, or by status newest first, whatever the artist's history.
    index('projects_artist_raised_idx').on(table.artistId, table.raised.desc(), table.id.desc()).where(sql`${table.createdAt} is not null`),
    index('projects_artist_status_idx').on(table.artistId, table.status, table.id.desc()).where(sql`${table.createdAt} is not null`),
    index('projects_search_idx').using('gin', sql`${table.searchText} gin_trgm_ops`),
    check('projects_figures_check', sql`${table.raised} >= 0 and ${table.backers} >= 0`),
    // The close sweep's resume list: the few projects whose returns are not finished.
    index('projects_returns_pending_idx').on(table.id).where(sql`${table.returnsPending}`),
    // The overdue-proof sweep's work list: running ads not yet told, by their start day.
    index('projects_proof_overdue_idx').on(table.adStartDate).where(sql`${table.status} = 'running' and ${table.proofOverdueNoticedAt} is null`),
  ],
);

export type ProjectRow = typeof projects.$inferSelect;

/** The media of a project's request, with the price and duration the goal was computed from. */
export const projectMedia = pgTable(
  'project_media',
  {
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id),
    position: integer('position').notNull(),
    mediaId: integer('media_id').notNull(),
    priceUnit: text('price_unit').notNull(),
    price: integer('price').notNull(),
    duration: integer('duration').notNull(),
  },
  (table) => [
    uniqueIndex('project_media_unique').on(table.projectId, table.mediaId),
    check('project_media_price_unit_check', sql`${table.priceUnit} in ('day', 'second')`),
    check('project_media_positive_check', sql`${table.price} >= 0 and ${table.duration} > 0`),
  ],
);

/**
 * Who put how much into a project, and the ledger spend that moved it (docs/product.md#participation):
 * the creator's deposit is the first row. Returns later find each participation's spend here.
 */
export const projectParticipations = pgTable(
  'project_participations',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    kind: text('kind').notNull(),
    amount: integer('amount').notNull(),
    /** The ledger spend (point_transactions.id) that moved the points into escrow. */
    spendTransactionId: bigint('spend_transaction_id', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    check('project_participations_kind_check', sql`${table.kind} in ('deposit', 'participation')`),
    check('project_participations_amount_check', sql`${table.amount} > 0`),
    uniqueIndex('project_participations_spend_unique').on(table.spendTransactionId),
    // One deposit per project, whatever races.
    uniqueIndex('project_participations_one_deposit').on(table.projectId).where(sql`${table.kind} = 'deposit'`),
    index('project_participations_project_idx').on(table.projectId, table.id),
    // A user's total in a project (the 50 % limit, the viewer's contribution), the funder count and
    // the raised sum, read from the index alone instead of every participation row of a big project.
    index('project_participations_funder_idx').on(table.projectId, table.userId, table.amount),
  ],
);

/**
 * Each fan's total in a project, written in the same statement as every participation row
 * (decision 058): a fan's total (the 50 % limit, their own figure) is a key lookup, and a project's
 * raised sum and funder count read one row per fan instead of one per participation. The
 * reconciliation checks it against the participations.
 */
export const projectFunders = pgTable(
  'project_funders',
  {
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    total: integer('total').notNull(),
  },
  (table) => [primaryKey({ columns: [table.projectId, table.userId] }), check('project_funders_total_check', sql`${table.total} > 0`)],
);
