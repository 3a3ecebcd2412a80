import { and, type SQL } from 'drizzle-orm';
import type { Comment, CommunityTargetType, OperatorReport, Post, ReportBody, ReportDecisionAction } from '@orchard/shared';
import type { Db, DbOrTx } from '../../db/client.ts';
import { coalesceReads } from '../../db/coalesce.ts';
import type { Clock } from '../../lib/clock.ts';
import { decodeCursor, encodeCursor } from '../../lib/cursor.ts';
import { reencodeImageWithinAsWebp } from '../../lib/images.ts';
import { standingOf, type FileOwners, type FileStore } from '../../lib/storage.ts';
import { artistNotFound } from '../artists/artists.errors.ts';
import { artistNamesOf } from '../artists/artists.service.ts';
import type { FilmsService } from '../films/films.service.ts';
import { projectHidden, projectNotFound } from '../projects/projects.errors.ts';
import type { ProjectReference } from '../projects/projects.service.ts';
import {
  alreadyReported,
  commentNotFound,
  commentsCursorInvalid,
  filmHidden,
  filmNotFound,
  postHidden,
  postNotAuthor,
  postNotFound,
  postsCursorInvalid,
  reportNotFound,
  reportsCursorInvalid,
  reportTargetNotFound,
} from './community.errors.ts';
import { createCommunityRepository, likedAmong, reportFilters, type CommentRecord, type CommunityTarget, type PostRecord } from './community.repository.ts';

import type { Viewer } from '../../lib/viewer.ts';

export {
  likedAmong,
  likedByFilter,
  projectCommentCountOf,
  projectHiddenProbe,
  projectHiddenText,
  projectLikedText,
  projectLikesOf,
  viewerLikedProbe,
} from './community.repository.ts';


const defaultPageSize = 20;
/** A post's images: the whole picture within 1,280 px, never enlarged, re-encoded (docs/quality.md#s6). */
const postImageSide = 1280;
const reportPageSize = 20;

/** The comments' and reports' keyset cursors: the last id of a page (lib/cursor.ts), refused with the list's own code. */
const encodeIdCursor = (id: number) => encodeCursor('before', id);
const decodeIdCursor = (cursor: string, invalid: () => Error) => decodeCursor(cursor, 'before', { min: 1, max: Number.MAX_SAFE_INTEGER }, invalid);

/** Each target's refusals: absent (404) and hidden (409, no new comment or like). */
const targetErrors: Record<CommunityTargetType, { notFound: () => Error; hidden: () => Error }> = {
  project: { notFound: projectNotFound, hidden: projectHidden },
  film: { notFound: filmNotFound, hidden: filmHidden },
  post: { notFound: postNotFound, hidden: postHidden },
};

/**
 * Posts, and comments, likes and reports on every target: a project, a film or a post, one code
 * path for all (docs/product.md#community, docs/product.md#comments, docs/product.md#reports,
 * docs/decisions/075-one-community-module-for-every-target.md). An operator's decision on a report
 * hides or restores the item and is written to the operator audit log in the same transaction.
 */
export function createCommunityService({
  db,
  clock,
  files,
  audit,
  films,
  projectReferences,
}: {
  db: Db;
  clock: Clock;
  files: FileStore;
  /** The operator audit log (the audit module), within the decision's transaction. */
  audit: (tx: DbOrTx, entry: { operatorId: string; action: string; projectId: number | null; before: unknown; after: unknown }) => Promise<void>;
  /** Films as targets, and their hiding within the decision's transaction (films module). */
  films: Pick<FilmsService, 'targetOf' | 'reportedAmong' | 'setHiddenWithin'>;
  /** Projects as targets and in the report queue (projects module). */
  projectReferences: (source: DbOrTx, projectIds: readonly number[]) => Promise<ProjectReference[]>;
}) {
  const repository = createCommunityRepository({ db });
  const artistExists = async (artistId: number) => (await artistNamesOf(db, artistId)) !== null;
  /** A page of an artist's posts without the viewer's likes, or null when there is no such artist. */
  const sharedPostsPage = coalesceReads(async (key) => {
    const { artistId, before, limit, withHidden } = JSON.parse(key) as { artistId: number; before?: number; limit: number; withHidden: boolean };
    const records = await repository.listPosts(artistId, before, limit, withHidden);
    // An artist with posts exists; only an empty page needs asking.
    return records.length > 0 || (await artistExists(artistId)) ? records : null;
  });

  /** The target as it stands (null when absent): whether it is hidden, and the project it belongs to. */
  async function targetOf(target: CommunityTarget): Promise<{ hidden: boolean; projectId: number | null } | null> {
    if (target.type === 'project') {
      // A project the public can see: created (requests before creation are not commentable).
      const [project] = target.id > 2_147_483_647 ? [] : await projectReferences(db, [target.id]);
      return project?.created ? { hidden: project.hidden, projectId: project.id } : null;
    }
    if (target.type === 'film') {
      const film = await films.targetOf(target.id);
      return film && { hidden: film.hidden, projectId: null };
    }
    const post = await repository.postTarget(target.id);
    return post && { hidden: post.hidden, projectId: null };
  }

  async function requireTarget(target: CommunityTarget) {
    const found = await targetOf(target);
    if (!found) throw targetErrors[target.type].notFound();
    return found;
  }

  /** docs/product.md#reports: a hidden target takes no new comment or like; taking one back stays possible. */
  async function requireVisibleTarget(target: CommunityTarget) {
    const found = await requireTarget(target);
    if (found.hidden) throw targetErrors[target.type].hidden();
    return found;
  }

  /** A hidden post's text and images are withheld from everyone but operators, its author included. */
  function presentPost(record: PostRecord, viewer: Viewer): Post {
    const hidden = record.hiddenAt !== null;
    const withheld = hidden && !(viewer?.isOperator ?? false);
    const deleted = record.authorDeletedAt !== null;
    return {
      id: record.id,
      artistId: record.artistId,
      text: withheld ? null : record.body,
      imageUrls: withheld ? [] : record.imagePaths.map((key) => files.urlFor(key)),
      hidden,
      author: {
        nickname: deleted ? null : record.authorNickname,
        profileImageUrl: deleted || !record.authorProfileImagePath ? null : files.urlFor(record.authorProfileImagePath),
      },
      likeCount: record.likeCount,
      viewerLiked: record.viewerLiked,
      commentCount: record.commentCount,
      createdAt: record.createdAt.toISOString(),
      editedAt: record.editedAt?.toISOString() ?? null,
      viewerIsAuthor: viewer !== null && viewer.userId === record.authorId,
    };
  }

  /** The post for its author's change: absent 404, someone else's 403 (docs/quality.md#s1). */
  async function requireOwnPost(postId: number, viewer: NonNullable<Viewer>) {
    const record = await repository.findPost(postId, viewer.userId);
    if (!record) throw postNotFound();
    if (record.authorId !== viewer.userId) throw postNotAuthor();
    return record;
  }

  /**
   * A page of reports with what each one's item shows: the community module's own items in the
   * query, a film's and a project's fields from their modules by id (the operators' queue).
   */
  async function reportRows(source: DbOrTx, filter: SQL | undefined, limit: number): Promise<ReportListRow[]> {
    const rows = await createCommunityRepository({ db: source }).listReports(filter, limit);
    const idsOf = (type: string) => [...new Set(rows.flatMap(({ report }) => (report.targetType === type ? [report.targetId] : [])))];
    const projectOf = new Map((await projectReferences(source, idsOf('project'))).map((project) => [project.id, project]));
    const filmOf = new Map((await films.reportedAmong(source, idsOf('film'))).map((film) => [film.id, film]));
    return rows.map((row) => {
      const project = row.report.targetType === 'project' ? projectOf.get(row.report.targetId) : undefined;
      const film = row.report.targetType === 'film' ? filmOf.get(row.report.targetId) : undefined;
      return { ...row, projectTitle: project?.title ?? null, filmTitle: film?.title ?? null, filmHidden: film?.hidden ?? false };
    });
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
    /** A post's images are served as the post is shown: to operators only while hidden, to no one once deleted (docs/product.md#community). */
    fileOwners: {
      'post-images': async (key) => standingOf(await repository.postImageHolder(key)),
    } satisfies FileOwners,

    /** An artist's community, newest first (keyset on id); hidden posts only for operators. */
    /**
     * An artist's posts, newest first. The rows are one read shared by every request for the same
     * page that arrives while it runs (decision 057's public lists); the viewer's likes are a keyed
     * read of their own.
     */
    async listPosts(artistId: number, viewer: Viewer, query: { cursor?: string; limit?: number }) {
      if (artistId > 2_147_483_647) throw artistNotFound();
      const limit = query.limit ?? defaultPageSize;
      const before = query.cursor === undefined ? undefined : decodeIdCursor(query.cursor, postsCursorInvalid);
      const records = await sharedPostsPage(JSON.stringify({ artistId, before, limit: limit + 1, withHidden: viewer?.isOperator ?? false }));
      if (!records) throw artistNotFound();
      const page = records.slice(0, limit);
      const liked = viewer ? await likedAmong(db, 'post', viewer.userId, page.map((record) => record.id)) : new Set<number>();
      return {
        items: page.map((record) => presentPost({ ...record, viewerLiked: liked.has(record.id) }, viewer)),
        nextCursor: records.length > limit ? encodeIdCursor(page.at(-1)!.id) : null,
      };
    },

    /**
     * Text checked by the route; every image re-encoded (EXIF stripped) before anything is written,
     * so a refused image leaves no post and no file behind.
     */
    async createPost(artistId: number, viewer: NonNullable<Viewer>, text: string, images: Buffer[]): Promise<Post> {
      if (artistId > 2_147_483_647 || !(await artistExists(artistId))) throw artistNotFound();
      const encoded: Buffer[] = [];
      for (const bytes of images) encoded.push(await reencodeImageWithinAsWebp(bytes, postImageSide, 80));
      const keys: string[] = [];
      try {
        for (const bytes of encoded) keys.push(await files.save('post-images', 'webp', bytes));
        const id = await repository.insertPost({ artistId, authorId: viewer.userId, body: text, imagePaths: keys, createdAt: clock.now() });
        return presentPost((await repository.findPost(id, viewer.userId))!, viewer);
      } catch (error) {
        await Promise.all(keys.map((key) => files.remove(key)));
        throw error;
      }
    },

    /** The author changes the text of their own post; a hidden post stays as the operator left it. */
    async editPost(postId: number, viewer: NonNullable<Viewer>, text: string): Promise<Post> {
      const record = await requireOwnPost(postId, viewer);
      if (record.hiddenAt !== null) throw postHidden();
      await repository.updatePostBody(postId, text, clock.now());
      return presentPost((await repository.findPost(postId, viewer.userId))!, viewer);
    },

    /** The author deletes their own post (hidden or not), its comments and likes with it, then its images. */
    async deletePost(postId: number, viewer: NonNullable<Viewer>): Promise<void> {
      await requireOwnPost(postId, viewer);
      const keys = await repository.deletePost(postId);
      await Promise.all((keys ?? []).map((key) => files.remove(key)));
    },

    async listComments(target: CommunityTarget, viewer: Viewer, query: { cursor?: string; limit?: number }) {
      const found = await requireTarget(target);
      const limit = query.limit ?? defaultPageSize;
      const before = query.cursor === undefined ? undefined : decodeIdCursor(query.cursor, commentsCursorInvalid);
      const records = await repository.listComments(target, before, limit + 1);
      const page = records.slice(0, limit);
      return {
        items: page.map((record) => presentComment(record, viewer, found.hidden)),
        nextCursor: records.length > limit ? encodeIdCursor(page.at(-1)!.id) : null,
      };
    },

    async postComment(target: CommunityTarget, viewer: NonNullable<Viewer>, body: string): Promise<Comment> {
      await requireVisibleTarget(target);
      const id = await repository.insertComment(target, { authorId: viewer.userId, body, createdAt: clock.now() });
      return presentComment((await repository.findComment(id))!, viewer);
    },

    /** Only the author deletes; anyone else's comment answers 404 as if absent. */
    async deleteComment(commentId: number, userId: string): Promise<void> {
      const record = await repository.findComment(commentId);
      if (!record || record.authorId !== userId) throw commentNotFound();
      await repository.deleteComment(commentId);
    },

    async setLike(target: CommunityTarget, userId: string, liked: boolean) {
      if (liked) await requireVisibleTarget(target);
      else await requireTarget(target);
      if (liked) await repository.like(target, userId, clock.now());
      else await repository.unlike(target, userId);
      return { liked, likeCount: await repository.likeCount(target) };
    },

    /** One report per user and item: the unique index refuses the second, even at the same instant. */
    async report(userId: string, body: ReportBody): Promise<{ id: number }> {
      let projectId: number | null;
      if (body.target.type === 'comment') {
        const comment = await repository.findComment(body.target.id);
        if (!comment) throw reportTargetNotFound();
        projectId = comment.projectId;
      } else {
        const found = await targetOf({ type: body.target.type, id: body.target.id });
        if (!found) throw reportTargetNotFound();
        projectId = found.projectId;
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
      const rows = await reportRows(
        db,
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
        const [before] = await reportRows(tx, reportFilters.id(reportId), 1);
        const wasHidden = before ? hiddenOf(before) : false;
        const now = clock.now();
        const handled = { decision: action, handledBy: operatorId, handledAt: now };
        if (action === 'dismiss') {
          await within.setReportDecision(reportId, handled);
        } else {
          const hiddenAt = action === 'hide' ? now : null;
          if (target.type === 'comment') await within.setCommentHidden(target.id, hiddenAt);
          else if (target.type === 'post') await within.setPostHidden(target.id, hiddenAt);
          else if (target.type === 'film') await films.setHiddenWithin(tx, target.id, hiddenAt);
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
      const [row] = await reportRows(db, reportFilters.id(reportId), 1);
      return presentReport(row!);
    },
  };
}

type ReportListRow = Awaited<ReturnType<ReturnType<typeof createCommunityRepository>['listReports']>>[number] & {
  projectTitle: string | null;
  filmTitle: string | null;
  filmHidden: boolean;
};

const hiddenOf = (row: ReportListRow) => {
  switch (row.report.targetType) {
    case 'comment':
      return row.commentHiddenAt !== null;
    case 'post':
      return row.postHiddenAt !== null;
    case 'film':
      return row.filmHidden;
    default:
      return row.projectHiddenAt !== null;
  }
};

const contentOf = (row: ReportListRow) => {
  switch (row.report.targetType) {
    case 'comment':
      return row.commentBody;
    case 'post':
      return row.postBody;
    case 'film':
      return row.filmTitle;
    default:
      return row.projectTitle;
  }
};

function presentReport(row: ReportListRow): OperatorReport {
  const { report } = row;
  return {
    id: report.id,
    target: { type: report.targetType as OperatorReport['target']['type'], id: report.targetId, projectId: report.projectId, artistId: row.postArtistId },
    reason: report.reason as OperatorReport['reason'],
    detail: report.detail,
    status: report.status as OperatorReport['status'],
    decision: report.decision as OperatorReport['decision'],
    createdAt: report.createdAt.toISOString(),
    reporter: { nickname: row.reporterDeletedAt ? null : row.reporterNickname },
    content: contentOf(row),
    targetHidden: hiddenOf(row),
  };
}

export type CommunityService = ReturnType<typeof createCommunityService>;
