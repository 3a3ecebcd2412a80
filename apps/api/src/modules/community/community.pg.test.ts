import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createdProject, postComment, report } from '../../../test/community-kit.ts';
import { createTestContext, errorCode, type TestContext, type TestUser } from '../../../test/harness.ts';
import { expectLedgerClean } from '../../../test/points-fixtures.ts';

/**
 * Duplicate reports at the same instant against real PostgreSQL (api-postgres project only): the
 * unique index, not a read before the insert, decides that exactly one is taken.
 */
const rounds = Number(process.env.ORCHARD_REPORT_RACE_ROUNDS ?? 20);

describe('reports under concurrency (PostgreSQL)', () => {
  let t: TestContext;
  let operator: TestUser;
  let artistId: number;

  beforeAll(async () => {
    t = await createTestContext({ env: { RATE_LIMIT_WRITES_PER_MINUTE: '100000', RATE_LIMIT_UPLOADS_PER_MINUTE: '100000', RATE_LIMIT_COMMENTS_PER_MINUTE: '100000', RATE_LIMIT_REPORTS_PER_MINUTE: '100000' } });
    operator = await t.createUser({ roles: ['operator'] });
    artistId = await t.createArtist();
  });
  afterAll(async () => {
    await expectLedgerClean(t);
    await t.close();
  });

  it(`two simultaneous reports of one item by one user: one 201, one 409 (${rounds} rounds)`, async () => {
    const creator = await t.createUser();
    const project = await createdProject(t, creator, operator, artistId);
    for (let round = 0; round < rounds; round++) {
      const reporter = await t.createUser();
      const target = round % 2 === 0 ? { type: 'project', id: project.id } : { type: 'comment', id: (await postComment(t, creator, project.id, `c${round}`)).id };
      const answers = await Promise.all([
        report(t, reporter, { target, reason: 'REPR001' }),
        report(t, reporter, { target, reason: 'REPR002' }),
      ]);
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409]);
      expect(answers.map(errorCode).filter(Boolean)).toEqual(['reports.already_reported']);
      const { rows } = await t.database.db.execute<{ n: number }>(
        sql`select count(*)::int as n from reports where reporter_id = ${reporter.id} and target_type = ${target.type} and target_id = ${target.id}`,
      );
      expect(Number(rows[0]!.n)).toBe(1);
    }
  });
});
