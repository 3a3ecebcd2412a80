import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestContext, TestUser } from '../../../test/harness.ts';
import { expectLedgerClean, idempotencyKey } from '../../../test/points-fixtures.ts';
import {
  approvedWithThumbnail,
  closeWithCleanLedger,
  creationBody,
  creditOrange,
  depositsOf,
  postCreation,
  projectRow,
  projectsTestContext,
  validRequestBody,
} from '../../../test/projects-kit.ts';
import { createManualClock } from '../../lib/clock.ts';
import { createMediaService } from '../media/media.service.ts';
import { createNotificationsService } from '../notifications/notifications.service.ts';
import { createIdempotency } from '../idempotency/idempotency.service.ts';
import { ledgerKeysAppliedProbe } from '../points/points.service.ts';
import { createAuditService } from '../audit/audit.service.ts';
import { createProjectsService } from './projects.service.ts';

/**
 * Creation under concurrency against real PostgreSQL (this file runs in the api-postgres project
 * only): the project row lock and the Idempotency-Key decide, and the ledger stays clean.
 */
const rounds = Number(process.env.ORCHARD_PROJECT_RACE_ROUNDS ?? 20);

describe('project creation under concurrency (PostgreSQL)', () => {
  let t: TestContext;
  let operator: TestUser;
  let artistId: number;

  beforeAll(async () => {
    ({ t, operator, artistId } = await projectsTestContext({ longSessions: true }));
  });
  afterAll(() => closeWithCleanLedger(t));

  it(`two concurrent creations with one Idempotency-Key make one deposit (${rounds} rounds)`, async () => {
    for (let round = 0; round < rounds; round++) {
      const creator = await t.createUser();
      const project = await approvedWithThumbnail(t, creator, operator, await validRequestBody(t, artistId));
      await creditOrange(t, creator.id, project.goal * 2);
      const key = idempotencyKey();
      const body = creationBody(project);
      const [first, second] = await Promise.all([postCreation(t, creator, project.id, body, key), postCreation(t, creator, project.id, body, key)]);
      expect([first.statusCode, second.statusCode], `${first.body} / ${second.body}`).toEqual([201, 201]);
      expect(second.json()).toEqual(first.json());
      expect(await depositsOf(t, project.id)).toEqual({ count: 1, total: body.deposit });
    }
    await expectLedgerClean(t);
  }, 300_000);

  it(`a creation racing the deadline sweep ends created with its deposit, or cancelled without one (${rounds} rounds)`, async () => {
    const outcomes = { created: 0, cancelled: 0 };
    for (let round = 0; round < rounds; round++) {
      const creator = await t.createUser();
      const body = await validRequestBody(t, artistId);
      const project = await approvedWithThumbnail(t, creator, operator, body);
      await creditOrange(t, creator.id, project.goal);
      const deadline = new Date(project.creationDeadline!).getTime();
      // The creation's request arrives at the deadline's last millisecond; the sweep runs just after it
      // in another process with its own clock: both are entitled to act, the row lock picks one.
      t.clock.set(new Date(deadline));
      const sweepClock = createManualClock(new Date(deadline + 1));
      const sweeper = createProjectsService({
        db: t.database.db,
        clock: sweepClock,
        files: t.files,
        points: t.services.points,
        notifications: createNotificationsService({ db: t.database.db, clock: sweepClock }),
        catalogue: createMediaService({ db: t.database.db }),
        idempotency: createIdempotency({ db: t.database.db, clock: sweepClock, appliedOnLedger: ledgerKeysAppliedProbe }),
        audit: createAuditService({ db: t.database.db, clock: sweepClock }).record,
      });
      // The sweep starts 0–57 ms after the request, so both orders (and true overlaps) occur.
      const sweepDelayMs = (round * 3) % 60;
      const [creation] = await Promise.all([
        postCreation(t, creator, project.id, creationBody(project)),
        new Promise((resolve) => setTimeout(resolve, sweepDelayMs)).then(() => sweeper.cancelOverdueCreations()),
      ]);
      const { status } = await projectRow(t, project.id);
      const deposits = await depositsOf(t, project.id);
      expect(['funding', 'created', 'cancelled']).toContain(status);
      if (status === 'cancelled') {
        outcomes.cancelled += 1;
        expect(creation.statusCode, creation.body).toBe(409);
        expect(deposits.count).toBe(0);
      } else {
        outcomes.created += 1;
        expect(creation.statusCode, creation.body).toBe(201);
        expect(deposits.count).toBe(1);
      }
    }
    console.log(`creation vs deadline sweep, ${rounds} rounds: ${outcomes.created} created, ${outcomes.cancelled} cancelled`);
    await expectLedgerClean(t);
  }, 300_000);
});
