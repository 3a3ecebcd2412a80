import type { Db } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import type { FileStore } from '../../lib/storage.ts';
import type { NotificationsService } from '../notifications/notifications.service.ts';
import type { Idempotency } from '../idempotency/idempotency.service.ts';
import type { PointsService } from '../points/points.service.ts';
import { createProjectLifecycle, type MediaCatalogue } from './projects.lifecycle.ts';
import { createProjectPresenter } from './projects.presenter.ts';
import { createProjectSweeps } from './projects.sweeps.ts';

export { thumbnailSize, type MediaCatalogue, type RequestCatalogue } from './projects.lifecycle.ts';
export type { Viewer } from './projects.presenter.ts';

/**
 * The projects module's service: how projects are answered (projects.presenter.ts), their
 * lifecycle up to funding (projects.lifecycle.ts) and its time-driven transitions
 * (projects.sweeps.ts), as one object for the routes, the other services and the jobs.
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
  points: Pick<PointsService, 'lockWalletsWithin' | 'spendManyWithin' | 'createEscrowAccountWithin'>;
  notifications: Pick<NotificationsService, 'notifyWithin'>;
  /** Requests and creations run at most once per Idempotency-Key (docs/architecture.md#idempotency). */
  idempotency: Idempotency;
  catalogue: MediaCatalogue;
}) {
  const presenter = createProjectPresenter({ db, clock, files });
  return {
    ...presenter,
    ...createProjectLifecycle({ db, clock, files, points, notifications, catalogue, idempotency, presenter }),
    ...createProjectSweeps({ db, clock, notifications }),
  };
}

export type ProjectsService = ReturnType<typeof createProjectsService>;
