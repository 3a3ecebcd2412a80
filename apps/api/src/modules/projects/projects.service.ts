import { standingOf, type FileOwners } from '../../lib/storage.ts';
import { createProjectLifecycle, type ProjectsDependencies } from './projects.lifecycle.ts';
import { createProjectPresenter } from './projects.presenter.ts';
import { createProjectsRepository } from './projects.repository.ts';
import { createProjectSettlement } from './projects.settlement.ts';
import { createProjectSweeps } from './projects.sweeps.ts';

export { thumbnailSize, type MediaCatalogue, type RequestCatalogue } from './projects.lifecycle.ts';
export { fundersAfter, fundingEndingBy, participationOf, projectReferencesAmong, projectReferenceText, type ProjectReference } from './project-references.repository.ts';

/**
 * The projects module's service: how projects are answered (projects.presenter.ts), their
 * lifecycle up to funding (projects.lifecycle.ts) and its time-driven transitions
 * (projects.sweeps.ts) and a closed project's settlement from the ledger (projects.settlement.ts), as one object for the routes, the other services and the jobs.
 */
export function createProjectsService({
  db,
  clock,
  files,
  points,
  notifications,
  catalogue,
  idempotency,
  audit,
}: ProjectsDependencies) {
  const presenter = createProjectPresenter({ db, clock, files });
  const repository = createProjectsRepository({ db });
  return {
    ...presenter,
    /** A project's thumbnail and proofs are served as its content is shown: to operators only while it is hidden (docs/product.md#reports). */
    fileOwners: {
      'project-thumbnails': async (key) => standingOf(await repository.fileHolder('thumbnail', key)),
      'project-proofs': async (key) => standingOf(await repository.fileHolder('proof', key)),
    } satisfies FileOwners,
    ...createProjectLifecycle({ db, clock, files, points, notifications, catalogue, idempotency, audit, presenter }),
    ...createProjectSweeps({ db, clock, notifications }),
    ...createProjectSettlement({ db, points, presenter }),
  };
}

export type ProjectsService = ReturnType<typeof createProjectsService>;
