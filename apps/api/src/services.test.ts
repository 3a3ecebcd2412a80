import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../test/harness.ts';
import { creditCharge } from '../test/points-fixtures.ts';
import { userIdentities } from './modules/auth/auth.table.ts';
import { userAgreements } from './modules/join/join.table.ts';

/** What buildServices wires between modules, seen through the app's own routes. */
describe('buildServices', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext();
  });
  afterAll(() => t.close());

  it('gives the routes the very instances the caller keeps: a sweep list and services of one build', async () => {
    expect(t.services.sweeps.map((sweep) => sweep.name)).toEqual([
      'points.expire-lots',
      'payments.repair-refunds',
      'auth.delete-expired-flows',
      'auth.purge-expired-sessions',
      'payments.repair-guardian-refunds',
      'projects.cancel-overdue-creations',
      'projects.open-funding',
      'projects.close-funding',
      'projects.start-ads',
      'projects.notice-overdue-proofs',
      'support.purge-inquiry-images',
      'support.purge-inquiries',
      'notifications.expiring-points',
      'notifications.closing-soon',
      'notifications.purge-old',
      'mail.drain-outbox',
    ]);
    // The session the harness made with t.services.sessions is the one the app's session plugin resolves.
    const user = await t.createUser({ joined: false });
    const response = await t.request({ url: '/api/join', cookie: user.cookie });
    expect(response.json()).toMatchObject({ joinState: await t.services.users.joinStateOf(user.id) });
  });

  it('deletes an account with the other modules’ parts: its points are forfeited and its identities forgotten', async () => {
    const user = await t.createUser();
    await creditCharge(t.database.db, t.services.points, { userId: user.id, orange: 30, paidAt: t.clock.now() });
    expect((await t.services.points.balances(user.id)).orange.total).toBe(30);

    const response = await t.request({ method: 'DELETE', url: '/api/users/me', payload: { acknowledgePointForfeit: true }, cookie: user.cookie });
    expect(response.statusCode).toBe(200);
    expect((await t.services.points.balances(user.id)).orange.total).toBe(0);
    const { rows } = await t.database.db.execute<{ reason: string }>(
      sql`select reason from point_transactions where user_id = ${user.id} and reason = 'account_deleted'`,
    );
    expect(rows).toHaveLength(1);
    expect(await t.database.db.select().from(userIdentities).where(eq(userIdentities.userId, user.id))).toEqual([]);
  });

  it('records a later marketing consent through the join module', async () => {
    const user = await t.createUser();
    const response = await t.request({ method: 'PATCH', url: '/api/users/user-profile', payload: { marketingConsent: true }, cookie: user.cookie });
    expect(response.statusCode).toBe(200);
    const [agreement] = await t.database.db.select().from(userAgreements).where(eq(userAgreements.userId, user.id));
    expect(agreement).toMatchObject({ kind: 'marketing', agreed: true });
  });
});
