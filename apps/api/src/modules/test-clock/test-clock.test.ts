import { describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { buildServices } from '../../services.ts';
import { createTestContext } from '../../../test/harness.ts';

/** docs/architecture.md#test-clock: the offset is kept in the database, so a restart keeps business time where it was. */
describe('the test clock across a restart', () => {
  it('keeps its offset when the API starts again on the same database', async () => {
    const t = await createTestContext({ env: { TEST_CLOCK: 'on' } });
    try {
      const operator = await t.createUser({ roles: ['operator'] });
      const move = async (days: number) =>
        (await t.request({ method: 'POST', url: '/api/operator/test-clock', cookie: operator.cookie, payload: { days } })).json() as { offsetDays: number };
      expect(await move(5)).toMatchObject({ offsetDays: 5 });
      expect(await move(2)).toMatchObject({ offsetDays: 7 });

      // A second process on the same database: what a restart builds.
      const services = buildServices(t.config, { db: t.database.db, clock: t.clock, files: t.files });
      const restarted = await buildApp(t.config, { database: t.database, clock: t.clock, files: t.files, logger: false, services });
      await restarted.ready();
      try {
        const state = (await restarted.inject({ url: '/api/operator/test-clock', headers: { cookie: operator.cookie } })).json() as { offsetDays: number; now: string };
        expect(state.offsetDays).toBe(7);
        expect(new Date(state.now).getTime()).toBe(t.clock.now().getTime() + 7 * 86_400_000);
      } finally {
        await restarted.close();
      }
    } finally {
      await t.close();
    }
  });
});
