import type { Language, Project } from '@orchard/shared';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { reencodeImageAsWebp } from '../../lib/images.ts';
import type { FileStore } from '../../lib/storage.ts';
import type { AuditRecorder } from '../audit/audit.service.ts';
import type { NotificationsService } from '../notifications/notifications.service.ts';
import { createParticipationsRepository } from './participations.repository.ts';
import { notRunning, projectNotFound } from './projects.errors.ts';
import { createProjectsRepository } from './projects.repository.ts';
import { thumbnailSize, type ProjectsService } from './projects.service.ts';
import type { Viewer } from '../../lib/viewer.ts';

/** At most this many photos prove an ad ran (docs/product.md#execution). */
export const executionPhotosMax = 10;

/**
 * The ad's execution: an operator posts photos of the running ad, the project becomes `awarded`,
 * and its creator and every participant are told. The images are re-encoded (EXIF stripped)
 * before the transaction; a refusal under the lock removes them again.
 */
export function createExecutionService({
  db,
  clock,
  files,
  notifications,
  projects,
  audit,
}: {
  db: Db;
  clock: Clock;
  files: FileStore;
  notifications: Pick<NotificationsService, 'notifyWithin'>;
  projects: Pick<ProjectsService, 'presentOne'>;
  /** The operator audit log (the audit module), written in the award's transaction. */
  audit: AuditRecorder;
}) {
  return {
    async postPhotos(operatorId: string, projectId: number, images: Buffer[], viewer: NonNullable<Viewer>, language: Language): Promise<Project> {
      const current = await createProjectsRepository({ db }).findRecord(projectId);
      if (!current || current.createdAt === null) throw projectNotFound();
      if (current.status !== 'running') throw notRunning(current.status);
      const keys: string[] = [];
      try {
        // One at a time: ten large decodes at once would multiply the memory peak.
        for (const bytes of images) keys.push(await files.save('project-photos', 'webp', await reencodeImageAsWebp(bytes, thumbnailSize)));
        await db.transaction(async (tx) => {
          const repository = createProjectsRepository({ db: tx });
          const row = await repository.lock(projectId);
          if (!row || row.status !== 'running') throw notRunning(row?.status ?? 'unknown');
          const now = clock.now();
          await repository.insertPhotos(keys.map((path, position) => ({ projectId, position, path, createdAt: now })));
          await repository.update(projectId, { status: 'awarded', updatedAt: now });
          await audit(tx, { operatorId, action: 'award', projectId, before: { status: 'running' }, after: { status: 'awarded', photos: keys.length }, at: now });
          const participants = await createParticipationsRepository({ db: tx }).allOf(projectId);
          for (const userId of new Set([row.creatorId, ...participants.map((participation) => participation.userId)])) {
            await notifications.notifyWithin(tx, { userId, kind: 'awarded', projectId, params: {} });
          }
        });
      } catch (error) {
        await Promise.all(keys.map((key) => files.remove(key).catch(() => undefined)));
        throw error;
      }
      return projects.presentOne(projectId, viewer, language);
    },
  };
}

export type ExecutionService = ReturnType<typeof createExecutionService>;
