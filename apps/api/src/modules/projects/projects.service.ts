import { and, or, type SQL } from 'drizzle-orm';
import {
  foldForSearch,
  operatorAuditLogPageSize,
  projectSearchKey,
  searchArtistsLimit,
  searchProjectsLimit,
  type CreationBody,
  type EventBody,
  type Language,
  type MyProjectTab,
  type OperatorAuditLogPage,
  type Project,
  type ProjectDecisionBody,
  type ProjectKind,
  type ProjectRequestBody,
  type ProjectStatus,
  type PublicProjectSort,
  type PublicProjectsQuery,
} from '@orchard/shared';
import {
  checkCreation,
  creationDeadlineFor,
  creationTooLate,
  eventGoalOf,
  isCreationDeadlinePassed,
  isFundingOpenOn,
  isKstDate,
  kstDateOf,
  normaliseXId,
  planRequest,
  type MediumForRules,
  fundingClosesAt,
  perUserLimitOf,
} from '@orchard/shared/project-rules';
import { createBatcher, type Batcher } from '../../db/batcher.ts';
import type { Db, DbOrTx, Tx } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { isCursorId, isCursorInstant } from '../../lib/cursor.ts';
import { unauthenticated } from '../../lib/errors.ts';
import { reencodeImageAsWebp } from '../../lib/images.ts';
import type { FileStore } from '../../lib/storage.ts';
import { likedByFilter } from '../community/community.service.ts';
import type { NotificationsService } from '../notifications/notifications.service.ts';
import type { Idempotency, KeyScope } from '../idempotency/idempotency.service.ts';
import type { PointsService } from '../points/points.service.ts';

import {
  artistUnknown,
  creationDeadlinePassed,
  creationRefused,
  cursorInvalid,
  fundingEnded,
  notApproved,
  notRequested,
  packageUnknown,
  projectNotFound,
  requestRefused,
  thumbnailClosed,
  thumbnailRequired,
} from './projects.errors.ts';
import { createProjectsRepository, prepareProjectViews, projectFilters, projectOrders, type ProjectView } from './projects.repository.ts';
import type { ProjectRow, projects } from './projects.table.ts';

/** What the projects module needs of the media catalogue (the media module implements it). */
export type MediaCatalogue = {
  adPackageFor(packageId: string): Promise<{ id: string; days: number; categoryCodes: readonly string[] } | null>;
  mediaByIds(
    ids: number[],
    language: Language,
  ): Promise<
    (MediumForRules & { name: string; subCategoryCode: string; address: string; latitude: number; longitude: number; offered: boolean })[]
  >;
};

type CatalogueMedium = Awaited<ReturnType<MediaCatalogue['mediaByIds']>>[number];
export type RequestCatalogue = { pkg: Awaited<ReturnType<MediaCatalogue['adPackageFor']>>; media: CatalogueMedium[] };

/** Who is asking: the creator and operators see a request before creation; others do not. */
export type Viewer = { userId: string; isOperator: boolean } | null;

/** 1200 × 900 (4:3), the product's thumbnail size (docs/product.md#creation). */
export const thumbnailSize = { width: 1200, height: 900 };

const pageSize = 20;
/** Each sweep pass takes at most this many projects; the next pass (a minute later) takes the rest. */
const sweepBatch = 200;

const beforeCreation = (row: { status: string; createdAt: Date | string | null }) =>
  row.status === 'requested' || row.status === 'approved' || row.status === 'rejected' || (row.status === 'cancelled' && row.createdAt === null);

/** A fan sets the thumbnail while approved (before creation); an operator's event keeps it open until funding closes. */
function refuseThumbnailChange(row: Pick<ProjectRow, 'kind' | 'status'>) {
  if (row.kind === 'event') {
    if (row.status !== 'created' && row.status !== 'funding') throw thumbnailClosed(row.status);
  } else if (row.status !== 'approved') throw notApproved(row.status);
}

function encodeCursor(value: unknown): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}

function decodeCursor(cursor: string): Record<string, unknown> {
  try {
    const value = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown;
    if (value && typeof value === 'object' && !Array.isArray(value)) return value as Record<string, unknown>;
  } catch {
    // refused below
  }
  throw cursorInvalid();
}

const isCursorCount = (value: unknown): value is number => typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= 2_147_483_647;

/**
 * The public list's orders (docs/product.md#discovery): each its own keyset, the sort key and the
 * id of a page's last project. A cursor carries its order's name, so one made by another order is
 * refused; `after` answers null for a key the app did not make.
 */
const publicOrders: Record<
  PublicProjectSort,
  { order(query: PublicProjectsQuery): SQL[]; keyOf(view: ProjectView): Record<string, unknown>; after(key: Record<string, unknown>): SQL | null }
> = {
  latest: {
    order: (query) => (query.artistId !== undefined && query.status !== undefined ? projectOrders.newestFirstByArtistStatus : projectOrders.newestFirst),
    keyOf: (view) => ({ id: view.id }),
    after: ({ id }) => (isCursorId(id) ? projectFilters.idBelow(id) : null),
  },
  deadline: {
    order: () => projectOrders.closingSoonest,
    keyOf: (view) => ({ end: view.fundingEndDate, id: view.id }),
    after: ({ end, id }) =>
      typeof end === 'string' && isKstDate(end) && end >= '1970-01-01' && isCursorId(id) ? projectFilters.deadlineAfter(end, id) : null,
  },
  raised: {
    order: () => projectOrders.mostRaised,
    keyOf: (view) => ({ raised: view.raised, id: view.id }),
    after: ({ raised, id }) => (isCursorCount(raised) && isCursorId(id) ? projectFilters.raisedBelow(raised, id) : null),
  },
  backers: {
    order: () => projectOrders.mostBackers,
    keyOf: (view) => ({ backers: view.backers, id: view.id }),
    after: ({ backers, id }) => (isCursorCount(backers) && isCursorId(id) ? projectFilters.backersBelow(backers, id) : null),
  },
};

const searchWord = /[\p{L}\p{N}]+/gu;

/**
 * Which projects a search (already validated: 1–100 characters) finds, folded as the artist
 * search folds (docs/product.md#discovery); null when nothing is left to look for.
 *
 * pg_trgm reads a LIKE pattern's trigrams from its words: a word of three letters or digits, or
 * two words of two (each padded at the space between them), always give one, and the trigram
 * index then reads only the keys holding them. From shorter text (ㄹㅁ, "ab") it reads no trigram
 * and would scan every project's key, so a short search finds the projects of the artists whose
 * names hold it instead: a handful of artists, each reached through the artist indexes.
 */
function searchFilter(q: string): SQL | null {
  const folded = foldForSearch(q.trim());
  const words = (folded.match(searchWord) ?? []).map((word) => [...word].length);
  // Text without a letter or a digit (punctuation, marks alone) names no title and no artist.
  if (words.length === 0) return null;
  const trigrams = words.some((length) => length >= 3) || words.filter((length) => length >= 2).length >= 2;
  return trigrams ? projectFilters.searchKeyHolds(folded) : projectFilters.ofArtistsNamed(folded, searchArtistsLimit);
}

/**
 * The project lifecycle up to funding (docs/architecture.md#lifecycle): request, the operator's
 * decision, creation with the deposit, and the time-driven transitions. Every transition locks the
 * project row, re-checks the status under the lock, and writes its side effects (ledger moves,
 * notifications, the audit log) in the same transaction.
 */
export function createProjectsService({
  db,
  clock,
  files,
  points,
  notifications,
  catalogue,
  idempotency,
}: {
  db: Db;
  clock: Clock;
  files: FileStore;
  points: Pick<PointsService, 'spendWithin' | 'createEscrowAccountWithin'>;
  notifications: Pick<NotificationsService, 'notifyWithin'>;
  /** Requests and creations run at most once per Idempotency-Key (docs/architecture.md#idempotency). */
  idempotency: Idempotency;
  catalogue: MediaCatalogue;
}) {
  const projectViews = prepareProjectViews(db);

  /** The answers for views, private fields by viewer (the views were read for that viewer). */
  function present(views: ProjectView[], viewer: Viewer): Project[] {
    return views.map((view) => {
      const isCreator = viewer !== null && viewer.userId === view.creatorId;
      const seesPrivate = isCreator || (viewer?.isOperator ?? false);
      // docs/product.md#reports: a hidden project's own content (its words, images and links) is
      // withheld from everyone but operators, its creator included, as a hidden comment's body is.
      const withheld = view.hidden && !(viewer?.isOperator ?? false);
      return {
        id: view.id,
        status: view.status as ProjectStatus,
        goal: view.goal,
        raised: view.raised,
        artistId: view.artistId,
        artistNames: view.artistNames,
        purpose: view.purpose as Project['purpose'],
        option: view.option as Project['option'],
        packageId: view.packageId,
        adStartDate: view.adStartDate,
        adEndDate: view.adEndDate,
        fundingStartDate: view.fundingStartDate,
        fundingEndDate: view.fundingEndDate,
        minimumUnit: view.minimumUnit,
        title: withheld ? null : view.title,
        introduction: withheld ? null : view.introduction,
        thumbnailUrl: !withheld && view.thumbnailPath ? files.urlFor(view.thumbnailPath) : null,
        youtubeUrl: withheld ? null : view.youtubeUrl,
        xUrl: withheld ? null : view.xUrl,
        creatorXId: withheld ? null : view.creatorXId,
        ...(seesPrivate ? { creatorEmail: view.creatorEmail } : {}),
        creator: { nickname: view.creatorDeleted ? null : view.creatorNickname },
        media: view.media.map((medium) => ({
          mediaId: medium.mediaId,
          name: medium.name ?? '',
          categoryCode: medium.categoryCode ?? '',
          subCategoryCode: medium.subCategoryCode ?? '',
          address: medium.address ?? '',
          latitude: medium.latitude ?? 0,
          longitude: medium.longitude ?? 0,
          priceUnit: medium.priceUnit as 'day' | 'second',
          price: medium.price,
          duration: medium.duration,
          amount: medium.price * medium.duration,
        })),
        rejectionReason: seesPrivate ? view.rejectionReason : null,
        requestedAt: view.requestedAt.toISOString(),
        approvedAt: view.approvedAt?.toISOString() ?? null,
        creationDeadline: view.creationDeadline?.toISOString() ?? null,
        createdAt: view.createdAt?.toISOString() ?? null,
        deposit: view.deposit,
        viewerIsCreator: isCreator,
        kind: view.kind as ProjectKind,
        currency: view.kind === 'event' ? 'berry' : 'orange',
        participantCount: view.participantCount,
        viewerContribution: view.viewerContribution,
        perUserLimit: perUserLimitOf(view.goal),
        closesAt: fundingClosesAt(view.fundingEndDate).toISOString(),
        cancellationReason: view.cancellationReason,
        likeCount: view.likeCount,
        viewerLiked: view.viewerLiked,
        commentCount: view.commentCount,
        hidden: view.hidden,
        photos: withheld ? [] : view.photoPaths.map((path) => files.urlFor(path)),
      };
    });
  }

  /** One keyset page (newest first) of the projects matching `where`. */
  async function listPage(where: SQL | undefined, cursor: string | undefined, limit: number, viewer: Viewer, language: Language) {
    let below;
    if (cursor !== undefined) {
      const { id } = decodeCursor(cursor);
      if (!isCursorId(id)) throw cursorInvalid();
      below = projectFilters.idBelow(id);
    }
    const views = await createProjectsRepository({ db }).listViews(and(where, below), projectOrders.newestFirst, limit + 1, viewer?.userId ?? null, language);
    const page = views.slice(0, limit);
    const last = page.at(-1);
    return {
      items: present(page, viewer),
      nextCursor: views.length > limit && last ? encodeCursor({ id: last.id }) : null,
    };
  }

  /** The project as `viewer` sees it, or null when there is none. */
  async function viewOf(projectId: number, viewer: Viewer, language: Language, source: DbOrTx = db): Promise<ProjectView | null> {
    const [view] = await projectViews([projectId], viewer?.userId ?? null, language, source);
    return view ?? null;
  }

  /**
   * Several reads in one statement: each project once as anyone sees it, then the signed-in
   * viewers' own figures (their total, their like) in one more query.
   */
  async function presentTogether(items: { projectId: number; viewer: Viewer }[], language: Language): Promise<(Project | null)[]> {
    const pairs = items.flatMap(({ projectId, viewer }) => (viewer ? [{ projectId, userId: viewer.userId }] : []));
    const [views, own] = await Promise.all([
      projectViews([...new Set(items.map((item) => item.projectId))], null, language),
      pairs.length === 0 ? new Map<string, { contribution: number; liked: boolean }>() : createProjectsRepository({ db }).viewerFieldsOf(pairs),
    ]);
    const viewOfId = new Map(views.map((view) => [view.id, view]));
    return items.map(({ projectId, viewer }) => {
      const view = viewOfId.get(projectId);
      if (!view) return null;
      const fields = viewer ? own.get(`${projectId}:${viewer.userId}`) : undefined;
      return present([{ ...view, viewerContribution: fields?.contribution ?? 0, viewerLiked: fields?.liked ?? false }], viewer)[0]!;
    });
  }
  const readers = new Map<Language, Batcher<{ projectId: number; viewer: Viewer }, Project | null>>();

  /**
   * The project as `viewer` sees it now, or null when there is none: the project page's read and
   * every participation's answer. Reads that arrive while one runs leave together in the next
   * (decision 057), so each read starts after its caller arrived and shows every write that
   * finished before.
   */
  function presentNow(projectId: number, viewer: Viewer, language: Language): Promise<Project | null> {
    let reader = readers.get(language);
    if (!reader) {
      reader = createBatcher({ maxInFlight: 2, maxBatchSize: 64, run: (items) => presentTogether(items, language) });
      readers.set(language, reader);
    }
    return reader.submit({ projectId, viewer });
  }

  async function presentOne(projectId: number, viewer: Viewer, language: Language, source: DbOrTx = db): Promise<Project> {
    const view = await viewOf(projectId, viewer, language, source);
    if (!view) throw projectNotFound();
    return present([view], viewer)[0]!;
  }

  /** The row, locked, if the user created it; anything else answers 404 as if absent. */
  async function lockOwn(tx: Tx, userId: string, projectId: number): Promise<ProjectRow> {
    const row = await createProjectsRepository({ db: tx }).lock(projectId);
    if (!row || row.creatorId !== userId) throw projectNotFound();
    return row;
  }

  const auditState = (row: Pick<ProjectRow, 'status' | 'approvedAt' | 'creationDeadline' | 'rejectionReason'>) => ({
    status: row.status,
    approvedAt: row.approvedAt?.toISOString() ?? null,
    creationDeadline: row.creationDeadline?.toISOString() ?? null,
    rejectionReason: row.rejectionReason,
  });

  /**
   * Inserts a project planned from a request's fields (docs/product.md#requests): every rule is
   * checked again and the goal computed from the catalogue's prices; nothing the client computed is
   * trusted. `values` says what the row is (a fan's request, an operator's event).
   */
  async function insertPlanned(
    tx: Tx,
    body: ProjectRequestBody,
    { pkg, media }: RequestCatalogue,
    values: Omit<typeof projects.$inferInsert, 'artistId' | 'purpose' | 'option' | 'packageId' | 'goal' | 'adStartDate' | 'adEndDate' | 'fundingStartDate' | 'fundingEndDate'>,
  ): Promise<number> {
    const repository = createProjectsRepository({ db: tx });
    if (!(await repository.artistExists(body.artistId))) throw artistUnknown();
    if (!pkg) throw packageUnknown();
    // A withdrawn medium stays on the projects that booked it but cannot be requested again.
    const mediumById = new Map(media.filter((medium) => medium.offered).map((medium) => [medium.id, medium]));
    const checked = planRequest({
      today: kstDateOf(clock.now()),
      pkg,
      media: body.media,
      adStartDate: body.adStartDate,
      fundingStartDate: body.fundingStartDate,
      findMedium: (mediaId) => mediumById.get(mediaId),
    });
    if (!checked.ok) throw requestRefused(checked.violations);
    const { plan } = checked;
    return repository.insertRequest(
      {
        ...values,
        artistId: body.artistId,
        purpose: body.purpose,
        option: body.option,
        packageId: pkg.id,
        // An event is funded in Berry: its goal is the same ad's value in Berry (docs/product.md#events).
        goal: values.kind === 'event' ? eventGoalOf(plan.goal) : plan.goal,
        adStartDate: body.adStartDate,
        adEndDate: plan.adEndDate,
        fundingStartDate: body.fundingStartDate,
        fundingEndDate: plan.fundingEndDate,
      },
      plan.media.map((medium, position) => ({
        position,
        mediaId: medium.mediaId,
        priceUnit: medium.priceUnit,
        price: medium.price,
        duration: medium.duration,
      })),
    );
  }

  return {
    present,
    presentOne,

    presentNow,

    /**
     * What a request needs of the catalogue, read before its transaction: reference data, and on
     * the embedded database (one connection) nothing may read beside an open transaction.
     */
    /** A request under its Idempotency-Key: a retry gets the first answer (or refusal) again. */
    async request(key: KeyScope, body: ProjectRequestBody, language: Language): Promise<Project> {
      // Read before the key's transaction opens: on the embedded database a read outside an open
      // transaction would wait on its single connection.
      const requestCatalogue = await this.catalogueFor(body, language);
      return (await idempotency.run(key, (tx) => this.requestWithin(tx, key.userId, body, language, requestCatalogue))).value;
    },

    /** The creation (with its deposit) under its Idempotency-Key. */
    async create(key: KeyScope, projectId: number, body: CreationBody, language: Language): Promise<Project> {
      return (await idempotency.run(key, (tx) => this.createWithin(tx, key.userId, projectId, body, language))).value;
    },

    async catalogueFor(body: ProjectRequestBody, language: Language): Promise<RequestCatalogue> {
      const pkg = await catalogue.adPackageFor(body.packageId);
      const media = await catalogue.mediaByIds(
        body.media.map((selection) => selection.mediaId),
        language,
      );
      return { pkg, media };
    },

    /** A request (docs/product.md#requests), in status `requested` until the inventory check. */
    async requestWithin(tx: Tx, userId: string, body: ProjectRequestBody, language: Language, requestCatalogue: RequestCatalogue): Promise<Project> {
      const now = clock.now();
      const projectId = await insertPlanned(tx, body, requestCatalogue, { status: 'requested', creatorId: userId, requestedAt: now, updatedAt: now });
      return presentOne(projectId, { userId, isOperator: false }, language, tx);
    },

    /** An operator's event under its Idempotency-Key (docs/product.md#events). */
    async createEvent(key: KeyScope, body: EventBody, language: Language): Promise<Project> {
      const requestCatalogue = await this.catalogueFor(body, language);
      return (await idempotency.run(key, (tx) => this.createEventWithin(tx, key.userId, body, language, requestCatalogue))).value;
    },

    /**
     * An event: the request's rules and goal, the creation's fields, no inventory check and no
     * deposit (the operator decides the inventory). It opens a Berry escrow and is `funding` from its
     * start day like any created project; the thumbnail follows (replaceThumbnail).
     */
    async createEventWithin(tx: Tx, operatorId: string, body: EventBody, language: Language, requestCatalogue: RequestCatalogue): Promise<Project> {
      const now = clock.now();
      const status = isFundingOpenOn(body.fundingStartDate, kstDateOf(now)) ? 'funding' : 'created';
      const projectId = await insertPlanned(tx, body, requestCatalogue, {
        status,
        kind: 'event',
        creatorId: operatorId,
        minimumUnit: body.minimumUnit,
        title: body.title,
        introduction: body.introduction,
        youtubeUrl: body.youtubeUrl ?? null,
        xUrl: body.xUrl ?? null,
        requestedAt: now,
        approvedAt: now,
        updatedAt: now,
      });
      // The escrow is keyed by the project id, and a created row must name its escrow: created second.
      const escrowAccountId = await points.createEscrowAccountWithin(tx, 'berry', projectId);
      const repository = createProjectsRepository({ db: tx });
      await repository.update(projectId, { escrowAccountId, createdAt: now, searchText: projectSearchKey(body.title, await repository.artistNamesOf(body.artistId)) });
      await repository.audit({ operatorId, action: 'event.create', projectId, before: null, after: { status, kind: 'event', title: body.title }, at: now });
      return presentOne(projectId, { userId: operatorId, isOperator: true }, language, tx);
    },

    /** A project before creation is only for its creator and operators: 404 for anyone else. */
    async get(projectId: number, viewer: Viewer, language: Language): Promise<Project> {
      const project = await presentNow(projectId, viewer, language);
      if (!project) throw projectNotFound();
      const privileged = viewer !== null && (viewer.isOperator || project.viewerIsCreator);
      if (beforeCreation(project) && !privileged) throw projectNotFound();
      return project;
    },

    /** The operator's queue: requests oldest first, with how long each has waited. */
    async requestQueue(viewer: NonNullable<Viewer>, { cursor, language }: { cursor?: string; language: Language }) {
      let after;
      if (cursor !== undefined) {
        const { at, id } = decodeCursor(cursor);
        const requestedAt = typeof at === 'string' ? new Date(at) : null;
        if (!requestedAt || !isCursorInstant(requestedAt.getTime()) || !isCursorId(id)) throw cursorInvalid();
        after = projectFilters.requestedAfter(requestedAt, id);
      }
      const views = await createProjectsRepository({ db }).listViews(
        and(projectFilters.requested(), after),
        projectOrders.oldestRequestFirst,
        pageSize + 1,
        viewer.userId,
        language,
      );
      const page = views.slice(0, pageSize);
      const presented = present(page, viewer);
      const now = clock.now().getTime();
      const last = page.at(-1);
      return {
        items: presented.map((project, index) => ({
          project,
          waitedSeconds: Math.max(0, Math.floor((now - page[index]!.requestedAt.getTime()) / 1000)),
        })),
        nextCursor: views.length > pageSize && last ? encodeCursor({ at: last.requestedAt.toISOString(), id: last.id }) : null,
      };
    },

    /**
     * The operator's decision (docs/product.md#approval): only from `requested`; the same decision
     * again changes nothing; audited and notified in the same transaction.
     */
    async decide(operatorId: string, projectId: number, body: ProjectDecisionBody, language: Language): Promise<Project> {
      return db.transaction(async (tx) => {
        const repository = createProjectsRepository({ db: tx });
        const row = await repository.lock(projectId);
        if (!row) throw projectNotFound();
        const target = body.decision === 'approve' ? 'approved' : 'rejected';
        if (row.status === target) return presentOne(projectId, { userId: operatorId, isOperator: true }, language, tx);
        if (row.status !== 'requested') throw notRequested(row.status);
        const now = clock.now();
        // docs/product.md#approval: an approval after the funding end could never lead to a creation.
        if (body.decision === 'approve' && creationTooLate(now, row.fundingEndDate, now) === 'projects.funding_ended') throw fundingEnded(row.fundingEndDate);
        const creationDeadline = creationDeadlineFor(now, row.fundingEndDate);
        const changes =
          body.decision === 'approve'
            ? { status: 'approved', approvedAt: now, creationDeadline, rejectionReason: null, updatedAt: now }
            : { status: 'rejected', rejectionReason: body.reason, updatedAt: now };
        await repository.update(projectId, changes);
        await repository.audit({
          operatorId,
          action: body.decision === 'approve' ? 'project.approve' : 'project.reject',
          projectId,
          before: auditState(row),
          after: auditState({ ...row, ...changes }),
          at: now,
        });
        if (body.decision === 'approve') {
          await notifications.notifyWithin(tx, {
            userId: row.creatorId,
            kind: 'approved',
            projectId,
            params: { creationDeadline: creationDeadline.toISOString() },
          });
        } else {
          await notifications.notifyWithin(tx, { userId: row.creatorId, kind: 'rejected', projectId, params: { reason: body.reason } });
        }
        return presentOne(projectId, { userId: operatorId, isOperator: true }, language, tx);
      });
    },

    /**
     * The thumbnail, re-encoded to 1200 × 900 with EXIF stripped (lib/images): a fan's project
     * while approved (the creation flow), an operator's event until its funding closes.
     */
    async replaceThumbnail(userId: string, projectId: number, bytes: Buffer, language: Language): Promise<Project> {
      // Refuse before the costly decode when the project is not the user's or not open to a new thumbnail.
      const current = await createProjectsRepository({ db }).findRecord(projectId);
      if (!current || current.creatorId !== userId) throw projectNotFound();
      refuseThumbnailChange(current);
      const image = await reencodeImageAsWebp(bytes, thumbnailSize);
      const key = await files.save('project-thumbnails', 'webp', image);
      let previous: string | null = null;
      try {
        await db.transaction(async (tx) => {
          const row = await lockOwn(tx, userId, projectId);
          refuseThumbnailChange(row);
          previous = row.thumbnailPath;
          await createProjectsRepository({ db: tx }).update(projectId, { thumbnailPath: key, updatedAt: clock.now() });
        });
      } catch (error) {
        await files.remove(key).catch(() => undefined);
        throw error;
      }
      if (previous) await files.remove(previous).catch(() => undefined);
      return presentOne(projectId, { userId, isOperator: current.kind === 'event' }, language);
    },

    /**
     * Creation (docs/product.md#creation, #deposit): until 23:59:59 KST of the 7th day after
     * approval or of the funding end date, whichever comes first, after the thumbnail; the deposit
     * goes from the creator's lots into the project's escrow in this same transaction, so the
     * project is created exactly when the deposit is paid.
     */
    async createWithin(tx: Tx, userId: string, projectId: number, body: CreationBody, language: Language): Promise<Project> {
      const repository = createProjectsRepository({ db: tx });
      const row = await lockOwn(tx, userId, projectId);
      if (row.status !== 'approved') throw notApproved(row.status);
      const now = clock.now();
      const tooLate = row.approvedAt ? creationTooLate(row.approvedAt, row.fundingEndDate, now) : 'projects.creation_deadline_passed';
      if (tooLate === 'projects.funding_ended') throw fundingEnded(row.fundingEndDate);
      if (tooLate !== null) throw creationDeadlinePassed(row.creationDeadline ?? now);
      if (!row.thumbnailPath) throw thumbnailRequired();
      const violations = checkCreation({ goal: row.goal, minimumUnit: body.minimumUnit, deposit: body.deposit });
      if (violations.length > 0) throw creationRefused(violations);
      const escrowAccountId = row.escrowAccountId ?? (await points.createEscrowAccountWithin(tx, 'orange', projectId));
      const spend = await points.spendWithin(tx, {
        userId,
        currency: 'orange',
        amount: body.deposit,
        escrowAccountId,
        projectId,
        reason: 'project_participation',
        // One deposit per project, whichever request key brought it.
        idempotencyKey: `deposit:${projectId}`,
      });
      await repository.insertParticipation({ projectId, userId, kind: 'deposit', amount: body.deposit, spendTransactionId: spend.transactionId, createdAt: now });
      const status = isFundingOpenOn(row.fundingStartDate, kstDateOf(now)) ? 'funding' : 'created';
      await repository.update(projectId, {
        status,
        minimumUnit: body.minimumUnit,
        title: body.title,
        searchText: projectSearchKey(body.title, await repository.artistNamesOf(row.artistId)),
        introduction: body.introduction,
        youtubeUrl: body.youtubeUrl ?? null,
        xUrl: body.xUrl ?? null,
        creatorXId: normaliseXId(body.creatorXId),
        creatorEmail: body.creatorEmail,
        escrowAccountId,
        deposit: body.deposit,
        createdAt: now,
        updatedAt: now,
      });
      await notifications.notifyWithin(tx, { userId, kind: 'created', projectId, params: {} });
      return presentOne(projectId, { userId, isOperator: false }, language, tx);
    },

    /**
     * My page lists, newest first: All (created or joined), Participate (joined, the deposit
     * included), Open (created), Event (events joined), Like (liked), Request (before creation).
     */
    async listMine(userId: string, query: { tab: MyProjectTab; artistId?: number; cursor?: string; language: Language }) {
      const mine = {
        all: or(projectFilters.ofCreator(userId), projectFilters.participatedBy(userId)),
        participate: projectFilters.participatedBy(userId),
        open: and(projectFilters.ofCreator(userId), projectFilters.created()),
        event: and(projectFilters.participatedBy(userId), projectFilters.ofKind('event')),
        like: likedByFilter(userId),
        request: and(projectFilters.ofCreator(userId), projectFilters.beforeCreation()),
      }[query.tab];
      return listPage(and(mine, query.artistId === undefined ? undefined : projectFilters.ofArtist(query.artistId)), query.cursor, pageSize, { userId, isOperator: false }, query.language);
    },

    /**
     * The My projects artist filter (docs/product.md#screens): every artist the user has a project
     * with, requested or created, joined or liked, followed or not.
     */
    async listMyArtists(userId: string) {
      const mine = or(projectFilters.ofCreator(userId), projectFilters.participatedBy(userId), likedByFilter(userId));
      return { items: await createProjectsRepository({ db }).artistsOf(mine) };
    },

    /** What a shared link to a created, visible project shows (docs/product.md#sharing); null for anything else. */
    async sharePreview(projectId: number, language: Language, publicUrl: URL) {
      const view = await viewOf(projectId, null, language);
      if (!view || view.createdAt === null || !view.title) return null;
      const [project] = present([view], null);
      // A hidden project's title and thumbnail are withheld (docs/product.md#reports): no preview at all.
      if (!project || project.hidden || project.title === null) return null;
      const artist = project.artistNames[language] || project.artistNames.en;
      return {
        title: project.title,
        description: `${artist} · ${project.introduction ?? ''}`,
        imageUrl: project.thumbnailUrl ? new URL(project.thumbnailUrl, publicUrl).href : null,
      };
    },

    /**
     * The public lists (Home's tabs, artist pages, the Event tab; docs/product.md#discovery): what
     * `listedPublicly` lets through, filtered, in one of four orders, a keyset page at a time.
     * `followerId` is the signed-in user's id when the list is of the artists they follow.
     */
    async listPublic(query: PublicProjectsQuery, viewer: Viewer, language: Language, followerId: string | null = null) {
      if (query.following && followerId === null) throw unauthenticated();
      const sort = publicOrders[query.sort];
      let after: SQL | undefined;
      if (query.cursor !== undefined) {
        const { sort: cursorSort, ...key } = decodeCursor(query.cursor);
        after = (cursorSort === query.sort ? sort.after(key) : null) ?? undefined;
        if (after === undefined) throw cursorInvalid();
      }
      const search = query.q === undefined ? undefined : searchFilter(query.q);
      if (search === null) return { items: [], nextCursor: null };
      // Only funding projects close: the deadline order lists them (the schema refuses another status with it).
      const funding = query.status === 'funding' || query.sort === 'deadline';
      const where = and(
        projectFilters.listedPublicly(viewer?.isOperator ?? false),
        funding ? projectFilters.funding() : query.status === undefined ? undefined : projectFilters.ofStatus(query.status),
        query.kind === undefined ? undefined : projectFilters.ofKind(query.kind),
        query.artistId === undefined ? undefined : projectFilters.ofArtist(query.artistId),
        query.following && followerId !== null ? projectFilters.followedBy(followerId) : undefined,
        search,
        after,
      );
      const limit = query.limit ?? pageSize;
      const views = await createProjectsRepository({ db }).listViews(where, sort.order(query), limit + 1, viewer?.userId ?? null, language);
      const page = views.slice(0, limit);
      const last = page.at(-1);
      return {
        items: present(page, viewer),
        nextCursor: views.length > limit && last ? encodeCursor({ sort: query.sort, ...sort.keyOf(last) }) : null,
      };
    },

    /**
     * Search's projects (docs/product.md#discovery): funding ones first, closing soonest, then
     * the others newest first, at most `searchProjectsLimit` in all.
     */
    async search(q: string, viewer: Viewer, language: Language): Promise<Project[]> {
      const search = searchFilter(q);
      if (search === null) return [];
      const repository = createProjectsRepository({ db });
      const listed = and(projectFilters.listedPublicly(viewer?.isOperator ?? false), search);
      const viewerId = viewer?.userId ?? null;
      const funding = await repository.listViews(and(listed, projectFilters.funding()), projectOrders.closingSoonest, searchProjectsLimit, viewerId, language);
      const others =
        funding.length < searchProjectsLimit
          ? await repository.listViews(and(listed, projectFilters.notFunding()), projectOrders.newestFirst, searchProjectsLimit - funding.length, viewerId, language)
          : [];
      return present([...funding, ...others], viewer);
    },

    /** An approved project not created by its deadline becomes cancelled; one project per transaction. */
    async cancelOverdueCreations(): Promise<{ cancelled: number }> {
      const ids = await createProjectsRepository({ db }).overdueApprovedIds(clock.now(), sweepBatch);
      let cancelled = 0;
      for (const projectId of ids) {
        const done = await db.transaction(async (tx) => {
          const repository = createProjectsRepository({ db: tx });
          const row = await repository.lock(projectId);
          const now = clock.now();
          // Re-checked under the lock: a creation that committed first wins, and a second run changes nothing.
          if (!row || row.status !== 'approved' || !row.approvedAt || !isCreationDeadlinePassed(row.approvedAt, row.fundingEndDate, now)) return false;
          await repository.update(projectId, { status: 'cancelled', cancelledAt: now, updatedAt: now });
          await notifications.notifyWithin(tx, { userId: row.creatorId, kind: 'cancelled_deadline', projectId, params: {} });
          return true;
        });
        if (done) cancelled += 1;
      }
      return { cancelled };
    },

    /** A created project opens for funding on its start day (KST); one project per transaction. */
    async openFundingDue(): Promise<{ opened: number }> {
      const ids = await createProjectsRepository({ db }).dueToOpenIds(kstDateOf(clock.now()), sweepBatch);
      let opened = 0;
      for (const projectId of ids) {
        const done = await db.transaction(async (tx) => {
          const repository = createProjectsRepository({ db: tx });
          const row = await repository.lock(projectId);
          const now = clock.now();
          if (!row || row.status !== 'created' || !isFundingOpenOn(row.fundingStartDate, kstDateOf(now))) return false;
          await repository.update(projectId, { status: 'funding', updatedAt: now });
          return true;
        });
        if (done) opened += 1;
      }
      return { opened };
    },

    /** Account deletion guard: refused while the user created a project whose funding has not ended. */
    async deletionRefusal(userId: string, tx: Tx) {
      return (await createProjectsRepository({ db: tx }).hasUnfinishedCreatedProject(userId)) ? ('users.deletion_blocked' as const) : null;
    },

    /** The operator audit log, newest first, in keyset pages (docs/product.md#operators). */
    async auditLog({ cursor }: { cursor?: string }): Promise<OperatorAuditLogPage> {
      let before: number | undefined;
      if (cursor !== undefined) {
        const { id } = decodeCursor(cursor);
        if (typeof id !== 'number' || !Number.isSafeInteger(id) || id < 1) throw cursorInvalid();
        before = id;
      }
      const rows = await createProjectsRepository({ db }).auditPage(before, operatorAuditLogPageSize + 1);
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
        nextCursor: rows.length > operatorAuditLogPageSize ? encodeCursor({ id: page.at(-1)!.id }) : null,
      };
    },

    /** Writes an operator action that concerns no single project (the test clock) to the audit log. */
    async auditOperatorAction(operatorId: string, action: string, before: unknown, after: unknown) {
      await createProjectsRepository({ db }).audit({ operatorId, action, projectId: null, before, after, at: clock.now() });
    },
  };
}

export type ProjectsService = ReturnType<typeof createProjectsService>;
