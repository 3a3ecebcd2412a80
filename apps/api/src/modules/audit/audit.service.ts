import { operatorAuditLogPageSize, type OperatorAuditLogPage } from '@orchard/shared';
import type { Db, DbOrTx } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { decodeCursor, encodeCursor } from '../../lib/cursor.ts';
// The log was the projects module's; its cursor's error code stays, so the API's contract does.
import { cursorInvalid } from '../projects/projects.errors.ts';
import { createAuditRepository } from './audit.repository.ts';

/** One operator action as its writer tells it: who, what, which project (if any), the state before and after. */
export type AuditEntry = {
  operatorId: string;
  action: string;
  projectId: number | null;
  before: unknown;
  after: unknown;
  /** When the action took effect, if the writer already stamped its rows with an instant; the clock's now otherwise. */
  at?: Date;
};

/**
 * The operator audit log (docs/product.md#operators, decision 094). Every module that lets an
 * operator act writes here through `record`, inside the transaction of the action itself, so an
 * action and its entry commit or roll back together; operators read it in keyset pages.
 */
export function createAuditService({ db, clock }: { db: Db; clock: Clock }) {
  return {
    /** Writes one entry inside the caller's transaction (or on `db` for an action with no transaction of its own). */
    async record(tx: DbOrTx, { at, ...entry }: AuditEntry): Promise<void> {
      await createAuditRepository({ db: tx }).insert({ ...entry, at: at ?? clock.now() });
    },

    /** The log, newest first, in keyset pages (docs/product.md#operators). */
    async page({ cursor }: { cursor?: string }): Promise<OperatorAuditLogPage> {
      const before = cursor === undefined ? undefined : decodeCursor(cursor, 'id', { min: 1, max: Number.MAX_SAFE_INTEGER }, cursorInvalid);
      const rows = await createAuditRepository({ db }).page(before, operatorAuditLogPageSize + 1);
      const page = rows.slice(0, operatorAuditLogPageSize);
      return {
        items: page.map((row) => ({
          id: row.id,
          at: row.at.toISOString(),
          operator: { nickname: row.operatorDeletedAt ? null : row.operatorNickname },
          action: row.action,
          projectId: row.projectId,
          before: row.before ?? null,
          after: row.after ?? null,
        })),
        nextCursor: rows.length > operatorAuditLogPageSize ? encodeCursor('id', page.at(-1)!.id) : null,
      };
    },
  };
}

export type AuditService = ReturnType<typeof createAuditService>;
/** What a writer needs of the log: its entry, inside the writer's transaction. */
export type AuditRecorder = AuditService['record'];
