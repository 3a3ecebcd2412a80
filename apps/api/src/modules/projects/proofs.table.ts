import { sql } from 'drizzle-orm';
import { bigint, boolean, check, doublePrecision, index, integer, pgTable, text, timestamp, uniqueIndex, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { users } from '../users/users.table.ts';
import { projects } from './projects.table.ts';

/**
 * A project's proof chain (docs/product.md#execution, decision 108): one row per proof of a booked
 * medium, or per withdrawal of one. Rows are only ever inserted. `sequence` orders a project's
 * chain from 1; `record_hash` is the SHA-256 of the row's canonical JSON (previous hash included),
 * so changing any stored field of any row breaks the chain from that row on.
 */
export const projectProofs = pgTable(
  'project_proofs',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id),
    sequence: integer('sequence').notNull(),
    /** One of the project's booked media (project_media), checked by the service. */
    mediaId: integer('media_id').notNull(),
    kind: text('kind').notNull(),
    /** The published file (EXIF stripped): null for a withdrawal. */
    path: text('path'),
    sha256: text('sha256'),
    capturedAt: timestamp('captured_at', { withTimezone: true }),
    capturedAtSource: text('captured_at_source'),
    /** Where the photo says it was taken (EXIF GPS), kept here since the published file has no EXIF. */
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    distanceMeters: integer('distance_meters'),
    farFromMedium: boolean('far_from_medium').notNull().default(false),
    operatorId: uuid('operator_id').references(() => users.id),
    postedAt: timestamp('posted_at', { withTimezone: true }).notNull(),
    /** For a withdrawal: the proof it withdraws, and the operator's reason. */
    withdrawsProofId: bigint('withdraws_proof_id', { mode: 'number' }).references((): AnyPgColumn => projectProofs.id),
    reason: text('reason'),
    previousHash: text('previous_hash'),
    recordHash: text('record_hash').notNull(),
  },
  (table) => [
    uniqueIndex('project_proofs_sequence_unique').on(table.projectId, table.sequence),
    // A proof is withdrawn once, whatever races.
    uniqueIndex('project_proofs_withdraws_unique').on(table.withdrawsProofId),
    check('project_proofs_kind_check', sql`${table.kind} in ('photo', 'video')`),
    check('project_proofs_sequence_check', sql`${table.sequence} >= 1`),
    check('project_proofs_source_check', sql`${table.capturedAtSource} is null or ${table.capturedAtSource} in ('exif', 'operator')`),
    // A proof has its file, its hash and its capture time; a withdrawal has a reason and none of those.
    check(
      'project_proofs_shape_check',
      sql`(${table.withdrawsProofId} is null and ${table.path} is not null and ${table.sha256} is not null and ${table.capturedAt} is not null and ${table.reason} is null)
        or (${table.withdrawsProofId} is not null and ${table.path} is null and ${table.sha256} is null and ${table.reason} is not null)`,
    ),
    // /api/files/ finds the project a proof's file belongs to (docs/architecture.md#uploads).
    index('project_proofs_path_idx').on(table.path),
  ],
);

export type ProjectProofRow = typeof projectProofs.$inferSelect;
