import { describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { buildServices } from '../../services.ts';
import { createTestContext, type TestContext, type TestUser } from '../../../test/harness.ts';

type ClockState = { offsetDays: number; offsetHours: number; now: string };
const hourMs = 3_600_000;

const mover = (t: TestContext, operator: TestUser) => async (payload: Record<string, unknown>) =>
  t.request({ method: 'POST', url: '/api/operator/test-clock', cookie: operator.cookie, payload });

/** docs/architecture.md#test-clock: the offset is kept in the database, so a restart keeps business time where it was. */
describe('the test clock', () => {
  it('keeps its offset when the API starts again on the same database', async () => {
    const t = await createTestContext({ env: { TEST_CLOCK: 'on' } });
    try {
      const operator = await t.createUser({ roles: ['operator'] });
      const move = mover(t, operator);
      expect((await move({ days: 5 })).json()).toMatchObject({ offsetDays: 5 });
      expect((await move({ days: 2 })).json()).toMatchObject({ offsetDays: 7, offsetHours: 168 });

      // A second process on the same database: what a restart builds.
      const services = buildServices(t.config, { db: t.database.db, clock: t.clock, files: t.files });
      const restarted = await buildApp(t.config, { database: t.database, clock: t.clock, files: t.files, logger: false, services });
      await restarted.ready();
      try {
        const state = (await restarted.inject({ url: '/api/operator/test-clock', headers: { cookie: operator.cookie } })).json() as ClockState;
        expect(state).toMatchObject({ offsetDays: 7, offsetHours: 168 });
        expect(new Date(state.now).getTime()).toBe(t.clock.now().getTime() + 168 * hourMs);
      } finally {
        await restarted.close();
      }
    } finally {
      await t.close();
    }
  });

  it('moves by whole hours as well as whole days, and refuses any other move with nothing moved', async () => {
    const t = await createTestContext({ env: { TEST_CLOCK: 'on' } });
    try {
      const operator = await t.createUser({ roles: ['operator'] });
      const move = mover(t, operator);
      const hours = (await move({ hours: 5 })).json() as ClockState;
      expect(hours).toMatchObject({ offsetDays: 0, offsetHours: 5 });
      expect(new Date(hours.now).getTime()).toBe(t.clock.now().getTime() + 5 * hourMs);
      expect((await move({ days: 1 })).json()).toMatchObject({ offsetDays: 1, offsetHours: 29 });
      expect((await move({ hours: 9_600 })).json()).toMatchObject({ offsetHours: 9_629 });
      for (const payload of [{ hours: 0 }, { hours: 9_601 }, { hours: -1 }, { hours: 1.5 }, { hours: '2' }, { days: 1, hours: 1 }, {}, { minutes: 30 }]) {
        const refused = await move(payload);
        expect(refused.statusCode, JSON.stringify(payload)).toBe(400);
        expect(refused.json(), JSON.stringify(payload)).toMatchObject({ error: { code: 'validation.invalid' } });
      }
      expect((await t.request({ url: '/api/operator/test-clock', cookie: operator.cookie })).json()).toMatchObject({ offsetHours: 9_629 });
    } finally {
      await t.close();
    }
  });
});
