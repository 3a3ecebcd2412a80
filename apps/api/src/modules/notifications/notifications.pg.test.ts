import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/harness.ts';
import { withDatabase } from '../../../test/global-setup.ts';
import { creditOrange } from '../../../test/projects-kit.ts';
import { queuedMails } from '../../../test/mail-kit.ts';
import { openPostgres, type Database } from '../../db/client.ts';
import { createMailService } from '../mail/mail.service.ts';
import { pointLots } from '../points/points.table.ts';
import { users } from '../users/users.table.ts';
import { createNotificationsService } from './notifications.service.ts';
import { createPointsService } from '../points/points.service.ts';
import { createNotificationSweeps } from './notifications.sweeps.ts';

/**
 * Two API processes on one PostgreSQL database, each with its own pool and no advisory lock
 * between them: the dedupe key alone keeps each expiry notice, and its mail, to one
 * (docs/architecture.md#sweeps). This file runs on PostgreSQL only.
 */
describe('expiry notices from two processes at once', () => {
  let t: TestContext;
  let second: Database;
  beforeAll(async () => {
    t = await createTestContext();
    const { rows } = await t.database.db.execute<{ name: string }>(sql`select current_database() as name`);
    second = openPostgres(withDatabase(process.env.TEST_DATABASE_URL!, rows[0]!.name), 4);
  });
  afterAll(async () => {
    await second.close();
    await t.close();
  });

  const sweepsOf = (database: Database) => {
    const mail = createMailService({ db: database.db, clock: t.clock, transport: { kind: 'file' as const, send: async () => {}, close: () => {} }, publicUrl: t.config.publicUrl });
    const notifications = createNotificationsService({ db: database.db, clock: t.clock, mail });
    return createNotificationSweeps({ db: database.db, clock: t.clock, notifications, points: createPointsService({ db: database.db, clock: t.clock }) });
  };

  it('writes each lot one notice and queues one mail, however the runs interleave', async () => {
    const fans = [];
    for (let index = 0; index < 30; index += 1) {
      const fan = await t.createUser();
      await t.database.db.update(users).set({ email: `fan${index}@example.test`, nightNotificationConsent: true }).where(eq(users.id, fan.id));
      await creditOrange(t, fan.id, 100 + index);
      fans.push(fan);
    }
    const lots = await t.database.db.select().from(pointLots);
    const end = Math.max(...lots.map((lot) => lot.expiresAt.getTime()));
    t.clock.set(new Date(end - 10 * 86_400_000));
    const [one, two] = [sweepsOf(t.database), sweepsOf(second)];
    const results = await Promise.all([one.noticeExpiringLots(), two.noticeExpiringLots(), one.noticeExpiringLots(), two.noticeExpiringLots()]);
    expect(results.reduce((sum, result) => sum + result.noticed, 0)).toBe(lots.length);
    const { rows } = await t.database.db.execute<{ key: string; n: number }>(
      sql`select dedupe_key as key, count(*)::int as n from notifications where kind = 'points_expiring' group by dedupe_key`,
    );
    expect(rows).toHaveLength(lots.length);
    expect(rows.every((row) => Number(row.n) === 1 && row.key.endsWith(':d30'))).toBe(true);
    expect(await queuedMails(t, { template: 'points_expiring' })).toHaveLength(lots.length);
  });
});
