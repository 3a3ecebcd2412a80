import { desc, eq, lt } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { users } from '../users/users.table.ts';
import { operatorAuditLog } from './audit.table.ts';

/** SQL of the operator audit log (docs/product.md#operators). */
export function createAuditRepository({ db }: { db: DbOrTx }) {
  return {
    async insert(values: Omit<typeof operatorAuditLog.$inferInsert, 'id'>): Promise<void> {
      await db.insert(operatorAuditLog).values(values);
    },

    /** One page of the log, newest first (keyset on the id, below `beforeId`), with each operator's nickname. */
    async page(beforeId: number | undefined, limit: number) {
      return db
        .select({
          id: operatorAuditLog.id,
          at: operatorAuditLog.at,
          action: operatorAuditLog.action,
          projectId: operatorAuditLog.projectId,
          before: operatorAuditLog.before,
          after: operatorAuditLog.after,
          operatorNickname: users.nickname,
          operatorDeletedAt: users.deletedAt,
        })
        .from(operatorAuditLog)
        .innerJoin(users, eq(users.id, operatorAuditLog.operatorId))
        .where(beforeId === undefined ? undefined : lt(operatorAuditLog.id, beforeId))
        .orderBy(desc(operatorAuditLog.id))
        .limit(limit);
    },
  };
}
