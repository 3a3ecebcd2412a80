import {
  projectSearchKey,
  type CreationBody,
  type EventBody,
  type Language,
  type Project,
  type ProjectDecisionBody,
  type ProjectRequestBody,
} from '@orchard/shared';
import {
  checkCreation,
  creationDeadlineFor,
  creationTooLate,
  eventGoalOf,
  isFundingOpenOn,
  kstDateOf,
  normaliseXId,
  planRequest,
  type MediumForRules,
} from '@orchard/shared/project-rules';
import type { Db, Tx } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import { reencodeImageAsWebp } from '../../lib/images.ts';
import type { FileStore } from '../../lib/storage.ts';
import { artistNamesOf } from '../artists/artists.service.ts';
import type { AuditRecorder } from '../audit/audit.service.ts';
import type { NotificationsService } from '../notifications/notifications.service.ts';
import { addToRollupWithin } from '../rankings/rankings.service.ts';
import type { Idempotency, KeyScope } from '../idempotency/idempotency.service.ts';
import type { PointsService } from '../points/points.service.ts';
import {
  artistUnknown,
  creationDeadlinePassed,
  creationRefused,
  fundingEnded,
  notApproved,
  notRequested,
  packageUnknown,
  projectNotFound,
  requestRefused,
  thumbnailClosed,
  thumbnailRequired,
} from './projects.errors.ts';
import type { ProjectPresenter } from './projects.presenter.ts';
import { createProjectsRepository } from './projects.repository.ts';
import type { ProjectRow, projects } from './projects.table.ts';

/** What the projects module needs of the media catalogue (the media module implements it). */
export type MediaCatalogue = {
  adPackageFor(packageId: string): Promise<{ id: string; days: number; categoryCodes: readonly string[] } | null>;
  mediaByIds(
    ids: number[],
    language: Language,
  ): Promise<
    (MediumForRules & { name: string; subCategoryCode: string; address: string; latitude: number; longitude: number; format: 'MP4' | 'JPG'; offered: boolean })[]
  >;
};

type CatalogueMedium = Awaited<ReturnType<MediaCatalogue['mediaByIds']>>[number];
export type RequestCatalogue = { pkg: Awaited<ReturnType<MediaCatalogue['adPackageFor']>>; media: CatalogueMedium[] };

/** 1200 × 900 (4:3), the product's thumbnail size (docs/product.md#creation). */
export const thumbnailSize = { width: 1200, height: 900 };
/** The same picture for a phone's screen and the list cards: a third of the bytes (docs/decisions/111). */
export const smallThumbnailSize = { width: 720, height: 540 };

/** A fan sets the thumbnail while approved (before creation); an operator's event keeps it open until funding closes. */
function refuseThumbnailChange(row: Pick<ProjectRow, 'kind' | 'status'>) {
  if (row.kind === 'event') {
    if (row.status !== 'created' && row.status !== 'funding') throw thumbnailClosed(row.status);
  } else if (row.status !== 'approved') throw notApproved(row.status);
}

const auditState = (row: Pick<ProjectRow, 'status' | 'approvedAt' | 'creationDeadline' | 'rejectionReason'>) => ({
  status: row.status,
  approvedAt: row.approvedAt?.toISOString() ?? null,
  creationDeadline: row.creationDeadline?.toISOString() ?? null,
  rejectionReason: row.rejectionReason,
});

/** The ledger key of a project's deposit: one per project, whichever request key brought it. The settlement tells the deposit apart by it. */
export const depositLedgerKey = (projectId: number) => `deposit:${projectId}`;

/**
 * The project lifecycle up to funding (docs/architecture.md#lifecycle): request, the operator's
 * decision, creation with the deposit, an operator's event and the thumbnail. Every transition
 * locks the project row, re-checks the status under the lock, and writes its side effects (ledger
 * moves, notifications, the audit log) in the same transaction.
 */
/** What the projects module's services are built from. */
export type ProjectsDependencies = {
  db: Db;
  clock: Clock;
  files: FileStore;
  points: Pick<PointsService, 'lockWalletsWithin' | 'spendManyWithin' | 'createEscrowAccountWithin' | 'escrowMovementsOf'>;
  notifications: Pick<NotificationsService, 'notifyWithin' | 'notifyFollowersOfOpeningWithin'>;
  /** Requests and creations run at most once per Idempotency-Key (docs/architecture.md#idempotency). */
  idempotency: Idempotency;
  catalogue: MediaCatalogue;
  /** The operator audit log (the audit module), written inside each operator transition's transaction. */
  audit: AuditRecorder;
};

export function createProjectLifecycle({
  db,
  clock,
  files,
  points,
  notifications,
  catalogue,
  idempotency,
  audit,
  presenter,
}: ProjectsDependencies & { presenter: Pick<ProjectPresenter, 'presentOne'> }) {
  const { presentOne } = presenter;

  /** The row, locked, if the user created it; anything else answers 404 as if absent. */
  async function lockOwn(tx: Tx, userId: string, projectId: number): Promise<ProjectRow> {
    const row = await createProjectsRepository({ db: tx }).lock(projectId);
    if (!row || row.creatorId !== userId) throw projectNotFound();
    return row;
  }

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
    if ((await artistNamesOf(tx, body.artistId)) === null) throw artistUnknown();
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

  /**
   * What a request needs of the catalogue, read before its transaction: reference data, and on
   * the embedded database (one connection) nothing may read beside an open transaction.
   */
  async function catalogueFor(body: ProjectRequestBody, language: Language): Promise<RequestCatalogue> {
    const pkg = await catalogue.adPackageFor(body.packageId);
    const media = await catalogue.mediaByIds(
      body.media.map((selection) => selection.mediaId),
      language,
    );
    return { pkg, media };
  }

  /** A request (docs/product.md#requests), in status `requested` until the inventory check. */
  async function requestWithin(tx: Tx, userId: string, body: ProjectRequestBody, language: Language, requestCatalogue: RequestCatalogue): Promise<Project> {
    const now = clock.now();
    const projectId = await insertPlanned(tx, body, requestCatalogue, { status: 'requested', creatorId: userId, requestedAt: now, updatedAt: now });
    return presentOne(projectId, { userId, isOperator: false }, language, tx);
  }

  /**
   * An event: the request's rules and goal, the creation's fields, no inventory check and no
   * deposit (the operator decides the inventory). It opens a Berry escrow and is `funding` from its
   * start day like any created project; the thumbnail follows (replaceThumbnail).
   */
  async function createEventWithin(tx: Tx, operatorId: string, body: EventBody, language: Language, requestCatalogue: RequestCatalogue): Promise<Project> {
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
    await repository.update(projectId, { escrowAccountId, createdAt: now, searchText: projectSearchKey(body.title, (await artistNamesOf(tx, body.artistId)) ?? {}) });
    await audit(tx, { operatorId, action: 'event.create', projectId, before: null, after: { status, kind: 'event', title: body.title }, at: now });
    // docs/product.md#notifications: the artist's followers hear when a project opens for funding.
    if (status === 'funding') await notifications.notifyFollowersOfOpeningWithin(tx, { projectId, artistId: body.artistId, creatorId: operatorId });
    return presentOne(projectId, { userId: operatorId, isOperator: true }, language, tx);
  }

  /**
   * Creation (docs/product.md#creation, #deposit): until 23:59:59 KST of the 7th day after
   * approval or of the funding end date, whichever comes first, after the thumbnail; the deposit
   * goes from the creator's lots into the project's escrow in this same transaction, so the
   * project is created exactly when the deposit is paid.
   */
  async function createWithin(tx: Tx, userId: string, projectId: number, body: CreationBody, language: Language): Promise<Project> {
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
    // The creator's wallet after the project's row, then the lots in the spend (docs/architecture.md#locking).
    await points.lockWalletsWithin(tx, [userId]);
    const spends = await points.spendManyWithin(tx, [
      {
        userId,
        currency: 'orange',
        amount: body.deposit,
        escrowAccountId,
        projectId,
        reason: 'project_participation',
        idempotencyKey: depositLedgerKey(projectId),
      },
    ]);
    const spend = spends[0]!;
    if (spend instanceof AppError) throw spend;
    await repository.insertParticipation({ projectId, userId, kind: 'deposit', amount: body.deposit, spendTransactionId: spend.transactionId, createdAt: now });
    await addToRollupWithin(tx, [{ artistId: row.artistId, kind: row.kind, userId, amount: body.deposit }], now);
    const status = isFundingOpenOn(row.fundingStartDate, kstDateOf(now)) ? 'funding' : 'created';
    await repository.update(projectId, {
      status,
      minimumUnit: body.minimumUnit,
      title: body.title,
      searchText: projectSearchKey(body.title, (await artistNamesOf(tx, row.artistId)) ?? {}),
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
    if (status === 'funding') await notifications.notifyFollowersOfOpeningWithin(tx, { projectId, artistId: row.artistId, creatorId: row.creatorId });
    return presentOne(projectId, { userId, isOperator: false }, language, tx);
  }

  return {
    catalogueFor,
    requestWithin,
    createEventWithin,
    createWithin,

    /** A request under its Idempotency-Key: a retry gets the first answer (or refusal) again. */
    async request(key: KeyScope, body: ProjectRequestBody, language: Language): Promise<Project> {
      // Read before the key's transaction opens: on the embedded database a read outside an open
      // transaction would wait on its single connection.
      const requestCatalogue = await catalogueFor(body, language);
      return (await idempotency.run(key, (tx) => requestWithin(tx, key.userId, body, language, requestCatalogue))).value;
    },

    /** The creation (with its deposit) under its Idempotency-Key. */
    async create(key: KeyScope, projectId: number, body: CreationBody, language: Language): Promise<Project> {
      return (await idempotency.run(key, (tx) => createWithin(tx, key.userId, projectId, body, language))).value;
    },

    /** An operator's event under its Idempotency-Key (docs/product.md#events). */
    async createEvent(key: KeyScope, body: EventBody, language: Language): Promise<Project> {
      const requestCatalogue = await catalogueFor(body, language);
      return (await idempotency.run(key, (tx) => createEventWithin(tx, key.userId, body, language, requestCatalogue))).value;
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
        await audit(tx, {
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
      // From the 1200 × 900 picture, already cropped to 4:3: a shrink, no second crop.
      const small = await reencodeImageAsWebp(image, smallThumbnailSize);
      const key = await files.save('project-thumbnails', 'webp', image);
      const smallKey = await files.save('project-thumbnails', 'webp', small);
      const previous: string[] = [];
      try {
        await db.transaction(async (tx) => {
          const row = await lockOwn(tx, userId, projectId);
          refuseThumbnailChange(row);
          previous.push(...[row.thumbnailPath, row.thumbnailSmallPath].filter((file) => file !== null));
          await createProjectsRepository({ db: tx }).update(projectId, { thumbnailPath: key, thumbnailSmallPath: smallKey, updatedAt: clock.now() });
        });
      } catch (error) {
        await Promise.all([key, smallKey].map((saved) => files.remove(saved).catch(() => undefined)));
        throw error;
      }
      await Promise.all(previous.map((file) => files.remove(file).catch(() => undefined)));
      return presentOne(projectId, { userId, isOperator: current.kind === 'event' }, language);
    },

    /** Account deletion guard: refused while the user created a project whose funding has not ended. */
    async deletionRefusal(userId: string, tx: Tx) {
      return (await createProjectsRepository({ db: tx }).hasUnfinishedCreatedProject(userId)) ? ('users.deletion_blocked' as const) : null;
    },
  };
}
