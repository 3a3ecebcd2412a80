import fs from 'node:fs/promises';
import { createReadStream } from 'node:fs';
import { createHash } from 'node:crypto';
import { languages, type Language, type LocalizedName, type ProjectProof, type ProofRecord } from '@orchard/shared';
import { addDays, kstDateOf } from '@orchard/shared/project-rules';
import {
  bookedPeriodOf,
  distanceInMeters,
  farFromMediumMeters,
  isWithinBooking,
  mediumProofStatus,
  proofDueAt,
  proofDueDays,
  projectProofStatus,
} from '@orchard/shared/proof-rules';
import { fileTypeFromFile } from 'file-type';
import type { Db, Tx } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { reencodeImageWithinAsWebp } from '../../lib/images.ts';
import { Mp4Error, readMp4File } from '../../lib/mp4.ts';
import { photoCaptureOf } from '../../lib/photo-capture.ts';
import type { FileStore } from '../../lib/storage.ts';
import type { DiskFile } from '../../lib/uploads.ts';
import type { Viewer } from '../../lib/viewer.ts';
import type { AuditRecorder } from '../audit/audit.service.ts';
import type { NotificationsService } from '../notifications/notifications.service.ts';
import { createParticipationsRepository } from './participations.repository.ts';
import { notRunning, projectNotFound } from './projects.errors.ts';
import type { MediaCatalogue } from './projects.lifecycle.ts';
import type { ProjectPresenter } from './projects.presenter.ts';
import { createProjectsRepository } from './projects.repository.ts';
import { chainIsValid, recordHashOf, sha256Hex, type ChainedFields } from './proofs.chain.ts';
import { alreadyWithdrawn, capturedAtRequired, capturedOutsideBooking, mediumNotBooked, proofNotFound, proofVideoInvalid, videoNotAllowed } from './proofs.errors.ts';
import { createProofsRepository, type BookedMedium, type ProofRecordRow } from './proofs.repository.ts';

/** At most this many files in one proof post. */
export const proofFilesMax = 10;
/** A published proof photo fits in this square: large enough to read a billboard, never cropped. */
const proofPhotoMaxSide = 2048;
/** Statuses in which an ad's proof may be posted: it runs, or every medium is already proven. */
const provable = new Set(['running', 'awarded']);
const sweepBatch = 200;

type Prepared = Pick<ChainedFields, 'kind' | 'sha256' | 'capturedAt' | 'capturedAtSource' | 'latitude' | 'longitude'> & { key: string };

/**
 * Proof of each booked medium (docs/product.md#execution, decision 108): an operator posts photos
 * or a clip of one medium; each becomes a record of the project's hash chain. The project is
 * `awarded` once every booked medium holds a proof not withdrawn, and back to `running` if a
 * withdrawal leaves one unproven. Files are checked, read for their capture data and re-encoded
 * before the transaction; a refusal removes what was stored.
 */
export function createProofsService({
  db,
  clock,
  files,
  notifications,
  catalogue,
  presenter,
  audit,
}: {
  db: Db;
  clock: Clock;
  files: FileStore;
  notifications: Pick<NotificationsService, 'notifyWithin'>;
  catalogue: Pick<MediaCatalogue, 'mediaByIds'>;
  presenter: Pick<ProjectPresenter, 'presentOne'>;
  audit: AuditRecorder;
}) {
  async function catalogueMediumOf(mediaId: number, language: Language) {
    const [medium] = await catalogue.mediaByIds([mediaId], language);
    if (!medium) throw mediumNotBooked(mediaId);
    return medium;
  }

  /** One uploaded file, read and stored: a photo re-encoded without its EXIF, or a clip as it came. */
  async function prepare(file: DiskFile, medium: { mediaId: number; format: string }, operatorCapturedAt: Date | null): Promise<Prepared> {
    const type = await fileTypeFromFile(file.path);
    if (type?.mime === 'video/mp4' || (await startsWithFtyp(file.path))) {
      if (medium.format !== 'MP4') throw videoNotAllowed(medium.mediaId);
      try {
        await readMp4File(file.path);
      } catch (error) {
        if (error instanceof Mp4Error) throw proofVideoInvalid(error.reason);
        throw error;
      }
      // A clip has no EXIF, and its header's creation time is often the encoder's: the operator says when.
      if (!operatorCapturedAt) throw capturedAtRequired();
      const sha256 = await sha256OfFile(file.path);
      const key = await files.adopt('project-proofs', 'mp4', file.path);
      return { kind: 'video', key, sha256, capturedAt: operatorCapturedAt, capturedAtSource: 'operator', latitude: null, longitude: null };
    }
    const bytes = await fs.readFile(file.path);
    const capture = await photoCaptureOf(bytes);
    const capturedAt = capture.capturedAt ?? operatorCapturedAt;
    if (!capturedAt) throw capturedAtRequired();
    const published = await reencodeImageWithinAsWebp(bytes, proofPhotoMaxSide);
    const key = await files.save('project-proofs', 'webp', published);
    return {
      kind: 'photo',
      key,
      sha256: sha256Hex(published),
      capturedAt,
      capturedAtSource: capture.capturedAt ? 'exif' : 'operator',
      latitude: capture.latitude,
      longitude: capture.longitude,
    };
  }

  /** Appends one record to the project's chain (under its lock, taken by the caller). */
  async function appendWithin(tx: Tx, fields: Omit<ChainedFields, 'sequence' | 'previousHash'> & { path: string | null }) {
    const repository = createProofsRepository({ db: tx });
    const head = await repository.headOf(fields.projectId);
    const chained = { ...fields, sequence: (head?.sequence ?? 0) + 1, previousHash: head?.recordHash ?? null };
    return repository.insert({ ...chained, recordHash: recordHashOf(chained) });
  }

  /** The creator and everyone who put points in, once each. */
  async function everyoneInWithin(tx: Tx, projectId: number, creatorId: string): Promise<Set<string>> {
    const participants = await createParticipationsRepository({ db: tx }).allOf(projectId);
    return new Set([creatorId, ...participants.map((participation) => participation.userId)]);
  }

  function presentRecord(row: ProofRecordRow, withdrawnIds: ReadonlySet<number>): ProofRecord {
    const withdrawn = withdrawnIds.has(row.id);
    return {
      id: row.id,
      mediaId: row.mediaId,
      kind: row.kind as ProofRecord['kind'],
      url: row.path && !withdrawn ? files.urlFor(row.path) : null,
      capturedAt: row.capturedAt?.toISOString() ?? null,
      capturedAtSource: row.capturedAtSource as ProofRecord['capturedAtSource'],
      latitude: row.latitude,
      longitude: row.longitude,
      distanceMeters: row.distanceMeters,
      farFromMedium: row.farFromMedium,
      sha256: row.sha256,
      previousHash: row.previousHash,
      recordHash: row.recordHash,
      postedAt: row.postedAt.toISOString(),
      operator: row.operatorNickname,
      withdraws: row.withdrawsProofId,
      reason: row.reason,
      withdrawn,
    };
  }

  const withdrawnIdsOf = (chain: readonly ProofRecordRow[]) => new Set(chain.flatMap((row) => (row.withdrawsProofId === null ? [] : [row.withdrawsProofId])));

  async function presentRecords(projectId: number, ids: readonly number[], source: Db | Tx = db): Promise<ProofRecord[]> {
    const chain = await createProofsRepository({ db: source }).chainOf(projectId);
    const withdrawn = withdrawnIdsOf(chain);
    return chain.filter((row) => ids.includes(row.id)).map((row) => presentRecord(row, withdrawn));
  }

  return {
    async post(
      operatorId: string,
      projectId: number,
      fields: { mediaId: number; capturedAt?: string },
      uploads: DiskFile[],
      language: Language,
    ): Promise<ProofRecord[]> {
      const stored: string[] = [];
      try {
        const current = await createProjectsRepository({ db }).findRecord(projectId);
        if (!current || current.createdAt === null) throw projectNotFound();
        if (!provable.has(current.status)) throw notRunning(current.status);
        const booked = (await createProofsRepository({ db }).bookedMediaOf(projectId)).find((medium) => medium.mediaId === fields.mediaId);
        if (!booked) throw mediumNotBooked(fields.mediaId);
        const medium = await catalogueMediumOf(booked.mediaId, language);
        const period = bookedPeriodOf(booked, current);
        const operatorCapturedAt = fields.capturedAt === undefined ? null : new Date(fields.capturedAt);
        const prepared: Prepared[] = [];
        // One at a time: ten large decodes at once would multiply the memory peak.
        for (const upload of uploads) {
          const file = await prepare(upload, { mediaId: booked.mediaId, format: medium.format }, operatorCapturedAt);
          stored.push(file.key);
          if (!isWithinBooking(file.capturedAt!, period)) throw capturedOutsideBooking(file.capturedAt!, period.from, period.to);
          prepared.push(file);
        }
        const ids = await db.transaction(async (tx) => {
          const row = await createProjectsRepository({ db: tx }).lock(projectId);
          if (!row || !provable.has(row.status)) throw notRunning(row?.status ?? 'unknown');
          const now = clock.now();
          const inserted: number[] = [];
          for (const file of prepared) {
            const place = file.latitude === null || file.longitude === null ? null : { latitude: file.latitude, longitude: file.longitude };
            const distance = place ? distanceInMeters(place, medium) : null;
            const record = await appendWithin(tx, {
              projectId,
              mediaId: booked.mediaId,
              kind: file.kind,
              path: file.key,
              sha256: file.sha256,
              capturedAt: file.capturedAt,
              capturedAtSource: file.capturedAtSource,
              latitude: file.latitude,
              longitude: file.longitude,
              distanceMeters: distance,
              farFromMedium: distance !== null && distance > farFromMediumMeters,
              operatorId,
              postedAt: now,
              withdrawsProofId: null,
              reason: null,
            });
            inserted.push(record.id);
          }
          await audit(tx, { operatorId, action: 'proof.post', projectId, before: null, after: { mediaId: booked.mediaId, proofs: inserted }, at: now });
          const proven = await createProofsRepository({ db: tx }).provenMediaOf(projectId);
          const all = await createProofsRepository({ db: tx }).bookedMediaOf(projectId);
          if (row.status === 'running' && all.every((each) => proven.has(each.mediaId))) {
            await createProjectsRepository({ db: tx }).update(projectId, { status: 'awarded', updatedAt: now });
            await audit(tx, { operatorId, action: 'award', projectId, before: { status: 'running' }, after: { status: 'awarded', media: all.length }, at: now });
            for (const userId of await everyoneInWithin(tx, projectId, row.creatorId)) await notifications.notifyWithin(tx, { userId, kind: 'awarded', projectId, params: {} });
          }
          return inserted;
        });
        stored.length = 0;
        return await presentRecords(projectId, ids);
      } finally {
        await Promise.all(uploads.map((upload) => fs.rm(upload.path, { force: true })));
        await Promise.all(stored.map((key) => files.remove(key).catch(() => undefined)));
      }
    },

    /**
     * Withdraws a proof with the operator's reason: a new record naming it, nothing rewritten. Its
     * file is no longer served. An awarded project whose medium is left without proof runs again.
     */
    async withdraw(operatorId: string, proofId: number, reason: string): Promise<ProofRecord> {
      const target = await createProofsRepository({ db }).findProof(proofId);
      if (!target || target.withdrawsProofId !== null) throw proofNotFound();
      const id = await db.transaction(async (tx) => {
        const row = await createProjectsRepository({ db: tx }).lock(target.projectId);
        if (!row) throw proofNotFound();
        const repository = createProofsRepository({ db: tx });
        if (await repository.isWithdrawn(proofId)) throw alreadyWithdrawn();
        const now = clock.now();
        const record = await appendWithin(tx, {
          projectId: target.projectId,
          mediaId: target.mediaId,
          kind: target.kind,
          path: null,
          sha256: null,
          capturedAt: null,
          capturedAtSource: null,
          latitude: null,
          longitude: null,
          distanceMeters: null,
          farFromMedium: false,
          operatorId,
          postedAt: now,
          withdrawsProofId: proofId,
          reason,
        });
        await audit(tx, { operatorId, action: 'proof.withdraw', projectId: target.projectId, before: { proofId }, after: { withdrawal: record.id, reason }, at: now });
        if (row.status === 'awarded' && !(await repository.provenMediaOf(target.projectId)).has(target.mediaId)) {
          await createProjectsRepository({ db: tx }).update(target.projectId, { status: 'running', updatedAt: now });
          await audit(tx, { operatorId, action: 'award.undo', projectId: target.projectId, before: { status: 'awarded' }, after: { status: 'running', mediaId: target.mediaId }, at: now });
        }
        return record.id;
      });
      return (await presentRecords(target.projectId, [id]))[0]!;
    },

    /** The proof section of a created project: each booked medium's standing and records, and whether the chain verifies. */
    async proofOf(projectId: number, viewer: Viewer, language: Language): Promise<ProjectProof> {
      const project = await presenter.presentOne(projectId, viewer, language);
      if (project.createdAt === null || (project.hidden && !viewer?.isOperator)) throw projectNotFound();
      const repository = createProofsRepository({ db });
      const [booked, chain] = [await repository.bookedMediaOf(projectId), await repository.chainOf(projectId)];
      const catalogued = new Map((await catalogue.mediaByIds(booked.map((medium) => medium.mediaId), language)).map((medium) => [medium.id, medium]));
      const withdrawn = withdrawnIdsOf(chain);
      const dueAt = proofDueAt(project.adStartDate);
      const now = clock.now();
      const adStarted = provable.has(project.status);
      const media = booked.map((medium) => {
        const records = chain.filter((row) => row.mediaId === medium.mediaId);
        const proven = records.some((row) => row.withdrawsProofId === null && !withdrawn.has(row.id));
        const entry = catalogued.get(medium.mediaId);
        return {
          mediaId: medium.mediaId,
          name: entry?.name ?? '',
          latitude: entry?.latitude ?? 0,
          longitude: entry?.longitude ?? 0,
          status: mediumProofStatus({ proven, adStarted, dueAt, now }),
          proofs: records.map((row) => presentRecord(row, withdrawn)),
        };
      });
      return {
        dueAt: dueAt.toISOString(),
        status: projectProofStatus(media.map((medium) => medium.status)),
        bookedCount: booked.length,
        provenCount: media.filter((medium) => medium.status === 'proven').length,
        media,
        chain: { length: chain.length, head: chain.at(-1)?.recordHash ?? null, valid: chainIsValid(chain) },
      };
    },

    /**
     * Running ads past their proof's due time with a medium unproven: the creator and every
     * participant are told once which media are missing (kind `proof_overdue`). One project per
     * transaction, re-checked under its lock.
     */
    async noticeOverdueProofs(stop?: AbortSignal): Promise<{ noticed: number }> {
      const now = clock.now();
      // Overdue once the due day (the ad start + 3) is over: the ad started at least 4 KST days ago.
      const ids = await createProofsRepository({ db }).overdueCandidateIds(addDays(kstDateOf(now), -(proofDueDays + 1)), sweepBatch);
      let noticed = 0;
      for (const projectId of ids) {
        if (stop?.aborted) break;
        const booked = await bookedMediaNamed(projectId);
        const done = await db.transaction(async (tx) => {
          const row = await createProjectsRepository({ db: tx }).lock(projectId);
          const at = clock.now();
          if (!row || row.status !== 'running' || row.proofOverdueNoticedAt !== null || at.getTime() <= proofDueAt(row.adStartDate).getTime()) return false;
          const proven = await createProofsRepository({ db: tx }).provenMediaOf(projectId);
          const unproven = booked.filter((medium) => !proven.has(medium.mediaId));
          await createProjectsRepository({ db: tx }).update(projectId, { proofOverdueNoticedAt: at });
          if (unproven.length === 0) return false;
          const params = { dueAt: proofDueAt(row.adStartDate).toISOString(), bookedCount: booked.length, missing: unproven.map((medium) => medium.names) };
          for (const userId of await everyoneInWithin(tx, projectId, row.creatorId)) await notifications.notifyWithin(tx, { userId, kind: 'proof_overdue', projectId, params });
          return true;
        });
        if (done) noticed += 1;
      }
      return { noticed };
    },
  };

  /** Every booked medium of a project with its names in the five languages (the notice names what is missing in each reader's). */
  async function bookedMediaNamed(projectId: number): Promise<(BookedMedium & { names: LocalizedName })[]> {
    const booked = await createProofsRepository({ db }).bookedMediaOf(projectId);
    const ids = booked.map((medium) => medium.mediaId);
    const byLanguage = await Promise.all(languages.map(async (language) => new Map((await catalogue.mediaByIds(ids, language)).map((medium) => [medium.id, medium.name]))));
    return booked.map((medium) => ({
      ...medium,
      names: Object.fromEntries(languages.map((language, index) => [language, byLanguage[index]!.get(medium.mediaId) ?? ''])) as LocalizedName,
    }));
  }
}

async function startsWithFtyp(file: string): Promise<boolean> {
  const handle = await fs.open(file, 'r');
  try {
    const head = Buffer.alloc(8);
    await handle.read(head, 0, 8, 0);
    return head.toString('latin1', 4, 8) === 'ftyp';
  } finally {
    await handle.close();
  }
}

function sha256OfFile(file: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const hash = createHash('sha256');
    createReadStream(file)
      .on('data', (chunk) => hash.update(chunk))
      .on('error', reject)
      .on('end', () => resolve(hash.digest('hex')));
  });
}

export type ProofsService = ReturnType<typeof createProofsService>;
