import { eq, sql } from 'drizzle-orm';
import type { AgreementKind } from '@orchard/shared';
import type { DbOrTx } from '../../db/client.ts';
import { userAgreements } from './join.table.ts';

export type AgreementDecision = { kind: AgreementKind; agreed: boolean };

export function createJoinRepository({ db }: { db: DbOrTx }) {
  return {
    /** One row per kind: a later decision replaces the earlier one, with its terms version and time. */
    async recordAgreements(userId: string, decisions: AgreementDecision[], termsVersion: string, decidedAt: Date) {
      if (decisions.length === 0) return;
      await db
        .insert(userAgreements)
        .values(decisions.map(({ kind, agreed }) => ({ userId, kind, agreed, termsVersion, decidedAt })))
        .onConflictDoUpdate({
          target: [userAgreements.userId, userAgreements.kind],
          set: {
            agreed: sql`excluded.agreed`,
            termsVersion: sql`excluded.terms_version`,
            decidedAt: sql`excluded.decided_at`,
          },
        });
    },

    async agreementsOf(userId: string) {
      return db.select().from(userAgreements).where(eq(userAgreements.userId, userId));
    },
  };
}
