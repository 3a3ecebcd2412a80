import { and, asc, desc, eq, isNull, lte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { users } from '../users/users.table.ts';
import { projectMedia, projects } from './projects.table.ts';
import { projectProofs, type ProjectProofRow } from './proofs.table.ts';

/** A booked medium as the request froze it (docs/product.md#goal). */
export type BookedMedium = { mediaId: number; priceUnit: 'day' | 'second'; price: number; duration: number };
/** A chain record with its operator's nickname (null once that account is deleted). */
export type ProofRecordRow = ProjectProofRow & { operatorNickname: string | null };

/** The proof chain's rows (decision 108): inserted, never updated. */
export function createProofsRepository({ db }: { db: DbOrTx }) {
  return {
    async bookedMediaOf(projectId: number): Promise<BookedMedium[]> {
      const rows = await db
        .select({ mediaId: projectMedia.mediaId, priceUnit: projectMedia.priceUnit, price: projectMedia.price, duration: projectMedia.duration })
        .from(projectMedia)
        .where(eq(projectMedia.projectId, projectId))
        .orderBy(asc(projectMedia.position));
      return rows.map((row) => ({ ...row, priceUnit: row.priceUnit as BookedMedium['priceUnit'] }));
    },

    /** The project's chain, oldest first. */
    async chainOf(projectId: number): Promise<ProofRecordRow[]> {
      const rows = await db
        .select({ proof: projectProofs, operatorNickname: users.nickname, operatorDeletedAt: users.deletedAt })
        .from(projectProofs)
        .leftJoin(users, eq(users.id, projectProofs.operatorId))
        .where(eq(projectProofs.projectId, projectId))
        .orderBy(asc(projectProofs.sequence));
      return rows.map((row) => ({ ...row.proof, operatorNickname: row.operatorDeletedAt ? null : row.operatorNickname }));
    },

    /** The last record's sequence and hash, read under the project's lock. */
    async headOf(projectId: number): Promise<{ sequence: number; recordHash: string } | null> {
      const [row] = await db
        .select({ sequence: projectProofs.sequence, recordHash: projectProofs.recordHash })
        .from(projectProofs)
        .where(eq(projectProofs.projectId, projectId))
        .orderBy(desc(projectProofs.sequence))
        .limit(1);
      return row ?? null;
    },

    async findProof(proofId: number): Promise<ProjectProofRow | null> {
      const [row] = await db.select().from(projectProofs).where(eq(projectProofs.id, proofId));
      return row ?? null;
    },

    async isWithdrawn(proofId: number): Promise<boolean> {
      const [row] = await db.select({ id: projectProofs.id }).from(projectProofs).where(eq(projectProofs.withdrawsProofId, proofId)).limit(1);
      return row !== undefined;
    },

    async insert(values: Omit<typeof projectProofs.$inferInsert, 'id'>): Promise<ProjectProofRow> {
      const [row] = await db.insert(projectProofs).values(values).returning();
      return row!;
    },

    /** The media of a project holding at least one proof not withdrawn. */
    async provenMediaOf(projectId: number): Promise<Set<number>> {
      const rows = await db
        .selectDistinct({ mediaId: projectProofs.mediaId })
        .from(projectProofs)
        .where(
          and(
            eq(projectProofs.projectId, projectId),
            isNull(projectProofs.withdrawsProofId),
            sql`not exists (select 1 from project_proofs w where w.withdraws_proof_id = ${projectProofs.id})`,
          ),
        );
      return new Set(rows.map((row) => row.mediaId));
    },

    /** Running ads whose ad started on or before `lastStartDay` and that were not yet told their proof is overdue. */
    async overdueCandidateIds(lastStartDay: string, limit: number): Promise<number[]> {
      const rows = await db
        .select({ id: projects.id })
        .from(projects)
        .where(and(eq(projects.status, 'running'), isNull(projects.proofOverdueNoticedAt), lte(projects.adStartDate, lastStartDay)))
        .orderBy(asc(projects.adStartDate), asc(projects.id))
        .limit(limit);
      return rows.map((row) => row.id);
    },
  };
}
