import { testClockBodySchema, testClockResponseSchema } from '@orchard/shared';
import type { Database } from '../../db/client.ts';
import { withAdvisoryLock } from '../../jobs/advisory-lock.ts';
import type { Sweep } from '../../jobs/sweeps.ts';
import type { TestClock } from '../../lib/test-clock.ts';
import { emptyQuerySchema, errorResponses } from '../../lib/schemas.ts';
import { requireSession } from '../../plugins/session.ts';
import type { App } from '../../types.ts';
import { createTestClockRepository } from './test-clock.repository.ts';

const errors = errorResponses(400, 401, 403, 422);

/** A sweep the scheduler is running right now is waited for, so the move's effects are visible when it answers. */
const lockAttempts = 100;
const lockRetryMs = 50;
/** How often a process reads the stored offset: a move on another process is followed within this (decision 050 as amended). */
const testClockFollowMs = 500;

/**
 * Registered only with TEST_CLOCK=on (otherwise the routes do not exist: 404). The clock follows
 * the offset stored in the database, read at start and every `testClockFollowMs`, so a restart
 * keeps it and every process runs on one clock (docs/architecture.md#test-clock). Moving the clock
 * stores the new offset, runs every sweep at once, each under its advisory lock, and is written to
 * the audit log.
 */
export async function registerTestClockRoutes(
  app: App,
  { clock, database, sweeps, audit }: { clock: TestClock; database: Database; sweeps: Sweep[]; audit: (operatorId: string, before: unknown, after: unknown) => Promise<void> },
) {
  const stored = createTestClockRepository({ db: database.db });
  clock.setOffsetHours(await stored.offsetHours());
  let reading: Promise<void> | undefined;
  const follow = setInterval(() => {
    reading ??= stored
      .offsetHours()
      .then((hours) => clock.setOffsetHours(hours))
      .catch((error: unknown) => app.log.warn({ err: error }, 'test clock: the stored offset could not be read; trying again'))
      .finally(() => {
        reading = undefined;
      });
  }, testClockFollowMs);
  app.addHook('onClose', async () => {
    clearInterval(follow);
    await reading;
  });
  const state = () => ({ enabled: true, offsetDays: clock.offsetDays, offsetHours: clock.offsetHours, now: clock.now().toISOString() });

  app.get(
    '/api/operator/test-clock',
    { config: { access: 'operator' }, schema: { tags: ['operator'], querystring: emptyQuerySchema, response: { 200: testClockResponseSchema, ...errors } } },
    async () => state(),
  );

  app.post(
    '/api/operator/test-clock',
    { config: { access: 'operator' }, schema: { tags: ['operator'], body: testClockBodySchema, response: { 200: testClockResponseSchema, ...errors } } },
    async (request) => {
      const before = state();
      const hours = 'days' in request.body ? request.body.days * 24 : request.body.hours;
      clock.setOffsetHours(await stored.advance(hours));
      await audit(requireSession(request).userId, before, state());
      for (const sweep of sweeps) {
        for (let attempt = 1; attempt <= lockAttempts; attempt++) {
          const outcome = await withAdvisoryLock(database, sweep.lockKey, sweep.run);
          if (outcome.acquired) break;
          await new Promise((resolve) => setTimeout(resolve, lockRetryMs));
        }
      }
      return state();
    },
  );
}
