import { and } from 'drizzle-orm';
import type { Comment, OperatorReport, ReportBody, ReportDecisionAction } from '@orchard/shared';
import type { Db, DbOrTx } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { decodeCursor, encodeCursor } from '../../lib/cursor.ts';
import type { FileStore } from '../../lib/storage.ts';
import { projectHidden, projectNotFound } from '../projects/projects.errors.ts';
import { alreadyReported, commentNotFound, commentsCursorInvalid, reportNotFound, reportsCursorInvalid, reportTargetNotFound } from './community.errors.ts';
import { createCommunityRepository, reportFilters, type CommentRecord } from './community.repository.ts';

export { likedByFilter } from './community.repository.ts';

/** Who is asking (the projects module's Viewer has the same shape). */
type Viewer = { userId: string; isOperator: boolean } | null;

const defaultPageSize = 20;
const reportPageSize = 20;

/** The comments' and reports' keyset cursors: the last id of a page (lib/cursor.ts), refused with the list's own code. */
const encodeIdCursor = (id: number) => encodeCursor('before', id);
const decodeIdCursor = (cursor: string, invalid: () => Error) => decodeCursor(cursor, 'before', { min: 1, max: Number.MAX_SAFE_INTEGER }, invalid);

/**
 * Comments, likes and reports (docs/product.md#comments, docs/product.md#reports). An operator's
 * decision on a report hides or restores the item and is written to the operator audit log in the
 * same transaction.
 */
export function createCommunityService({
  db,
  clock,
  files,
  audit,
}: {
  db: Db;
  clock: Clock;
  files: FileStore;
  /** The operator audit log (projects module), within the decision's transaction. */
  audit: (tx: DbOrTx, entry: { operatorId: string; action: string; projectId: number | null; before: unknown; after: unknown }) => Promise<void>;
}) {
  const repository = createCommunityRepository({ db });

  async function requireProject(projectId: number) {
    const project = await repository.createdProject(projectId);
    if (!project) throw projectNotFound();
    return project;
  }

  /** docs/product.md#reports: a hidden project takes no new comment or like; taking one back stays possible. */
  async function requireVisibleProject(projectId: number) {
    const project = await requireProject(projectId);
    if (project.hidden) throw projectHidden();
    return project;
  }

  /** A comment is hidden on its own, or with its project: a hidden project's comments are its content too. */
  function presentComment(record: CommentRecord, viewer: Viewer, projectHidden = false): Comment {
    const hidden = record.hiddenAt !== null || projectHidden;
    const deleted = record.authorDeletedAt !== null;
    return {
      id: record.id,
      body: hidden && !(viewer?.isOperator ?? false) ? null : record.body,
      hidden,
      author: {
        nickname: deleted ? null : record.authorNickname,
        profileImageUrl: deleted || !record.authorProfileImagePath ? null : files.urlFor(record.authorProfileImagePath),
      },
      createdAt: record.createdAt.toISOString(),
      viewerIsAuthor: viewer !== null && viewer.userId === record.authorId,
    };
  }

  return {
    async listComments(projectId: number, viewer: Viewer, query: { cursor?: string; limit?: number }) {
      const project = await requireProject(projectId);
      const limit = query.limit ?? defaultPageSize;
      const before = query.cursor === undefined ? undefined : decodeIdCursor(query.cursor, commentsCursorInvalid);
      const records = await repository.listComments(projectId, before, limit + 1);
      const page = records.slice(0, limit);
      return {
        items: page.map((record) => presentComment(record, viewer, project.hidden)),
        nextCursor: records.length > limit ? encodeIdCursor(page.at(-1)!.id) : null,
      };
    },

    async postComment(projectId: number, viewer: NonNullable<Viewer>, body: string): Promise<Comment> {
      await requireVisibleProject(projectId);
      const id = await repository.insertComment({ projectId, authorId: viewer.userId, body, createdAt: clock.now() });
      return presentComment((await repository.findComment(id))!, viewer);
    },

    /** Only the author deletes; anyone else's comment answers 404 as if absent. */
    async deleteComment(commentId: number, userId: string): Promise<void> {
      const record = await repository.findComment(commentId);
      if (!record || record.authorId !== userId) throw commentNotFound();
      await repository.deleteComment(commentId);
    },

    async setLike(projectId: number, userId: string, liked: boolean) {
      if (liked) await requireVisibleProject(projectId);
      else await requireProject(projectId);
      if (liked) await repository.like(projectId, userId, clock.now());
      else await repository.unlike(projectId, userId);
      return { liked, likeCount: await repository.likeCount(projectId) };
    },

    /** One report per user and item: the unique index refuses the second, even at the same instant. */
    async report(userId: string, body: ReportBody): Promise<{ id: number }> {
      let projectId: number;
      if (body.target.type === 'project') {
        if (body.target.id > 2_147_483_647 || !(await repository.createdProject(body.target.id))) throw reportTargetNotFound();
        projectId = body.target.id;
      } else {
        const comment = await repository.findComment(body.target.id);
        if (!comment) throw reportTargetNotFound();
        projectId = comment.projectId;
      }
      const id = await repository.insertReport({
        reporterId: userId,
        targetType: body.target.type,
        targetId: body.target.id,
        projectId,
        reason: body.reason,
        detail: body.reason === 'REPR006' ? (body.detail ?? null) : null,
        status: 'open',
        createdAt: clock.now(),
      });
      if (id === null) throw alreadyReported();
      return { id };
    },

    async reportQueue(query: { status: 'open' | 'handled'; cursor?: string }) {
      const before = query.cursor === undefined ? undefined : decodeIdCursor(query.cursor, reportsCursorInvalid);
      const rows = await repository.listReports(
        and(reportFilters.status(query.status), before === undefined ? undefined : reportFilters.idBelow(before)),
        reportPageSize + 1,
      );
      const page = rows.slice(0, reportPageSize);
      return { items: page.map(presentReport), nextCursor: rows.length > reportPageSize ? encodeIdCursor(page.at(-1)!.report.id) : null };
    },

    /**
     * hide / restore change the item and handle every open report of it; dismiss handles this
     * report only. Audit-logged with the item's state before and after.
     */
    async decide(operatorId: string, reportId: number, action: ReportDecisionAction): Promise<OperatorReport> {
      await db.transaction(async (tx) => {
        const within = createCommunityRepository({ db: tx });
        const report = await within.findReport(reportId);
        if (!report) throw reportNotFound();
        const target = { type: report.targetType, id: report.targetId };
        const [before] = await within.listReports(reportFilters.id(reportId), 1);
        const wasHidden = before ? hiddenOf(before) : false;
        const now = clock.now();
        const handled = { decision: action, handledBy: operatorId, handledAt: now };
        if (action === 'dismiss') {
          await within.setReportDecision(reportId, handled);
        } else {
          const hiddenAt = action === 'hide' ? now : null;
          if (target.type === 'comment') await within.setCommentHidden(target.id, hiddenAt);
          else await within.setProjectHidden(target.id, hiddenAt);
          await within.handleReportsOf(target, handled);
          await within.setReportDecision(reportId, handled);
        }
        await audit(tx, {
          operatorId,
          action: `report.${action}`,
          projectId: report.projectId,
          before: { reportId, target, status: report.status, hidden: wasHidden },
          after: { reportId, target, status: 'handled', hidden: action === 'dismiss' ? wasHidden : action === 'hide' },
        });
      });
      const [row] = await repository.listReports(reportFilters.id(reportId), 1);
      return presentReport(row!);
    },
  };
}

type ReportListRow = Awaited<ReturnType<ReturnType<typeof createCommunityRepository>['listReports']>>[number];

const hiddenOf = (row: ReportListRow) => (row.report.targetType === 'comment' ? row.commentHiddenAt !== null : row.projectHiddenAt !== null);

function presentReport(row: ReportListRow): OperatorReport {
  const { report } = row;
  return {
    id: report.id,
    target: { type: report.targetType as OperatorReport['target']['type'], id: report.targetId, projectId: report.projectId },
    reason: report.reason as OperatorReport['reason'],
    detail: report.detail,
    status: report.status as OperatorReport['status'],
    decision: report.decision as OperatorReport['decision'],
    createdAt: report.createdAt.toISOString(),
    reporter: { nickname: row.reporterDeletedAt ? null : row.reporterNickname },
    content: report.targetType === 'comment' ? row.commentBody : row.projectTitle,
    targetHidden: hiddenOf(row),
  };
}

export type CommunityService = ReturnType<typeof createCommunityService>;
