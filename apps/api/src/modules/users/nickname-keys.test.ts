import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nicknameKey } from '@orchard/shared';
import { createTestContext, errorCode, type TestContext } from '../../../test/harness.ts';
import { backfillNicknameKeys } from './nickname-keys.ts';
import { users } from './users.table.ts';

describe('look-alike and staff-like nicknames', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext({ env: { RATE_LIMIT_WRITES_PER_MINUTE: '10000' } });
  });
  afterAll(() => t.close());

  const save = (cookie: string, nickname: string) =>
    t.request({ method: 'PATCH', url: '/api/users/user-profile', cookie, payload: { nickname } });
  const check = async (cookie: string, nickname: string) =>
    (await t.request({ url: `/api/users/nickname-availability?nickname=${encodeURIComponent(nickname)}`, cookie })).json() as {
      available: boolean;
      problem: string | null;
    };

  it('refuses a Cyrillic, full-width or dotless-ı twin of a taken nickname', async () => {
    const owner = await t.createUser();
    expect((await save(owner.cookie, 'harin_kim')).statusCode).toBe(200);
    const rival = await t.createUser();
    for (const twin of ['h\u0430rin_kim', 'ｈａｒｉｎ_ｋｉｍ', 'har\u0131n_kim', 'HARIN_KIM', 'harin_kirn']) {
      expect(await check(rival.cookie, twin), twin).toEqual(expect.objectContaining({ available: false, problem: 'taken' }));
      const saved = await save(rival.cookie, twin);
      expect(saved.statusCode, twin).toBe(409);
      expect(errorCode(saved)).toBe('users.nickname_taken');
    }
  });

  it('answers staff-like names as taken in every language', async () => {
    const fan = await t.createUser();
    for (const name of ['orchard_admin', '\u043erchard_admin', '운영자', '관리자', 'オペレーター', '管理员', 'soporte', 'kim_staff']) {
      expect(await check(fan.cookie, name), name).toEqual(expect.objectContaining({ available: false, problem: 'taken' }));
      expect((await save(fan.cookie, name)).statusCode, name).toBe(409);
    }
  });

  it('recomputes keys made by the old rule, the older account keeping a name two now share', async () => {
    const older = await t.createUser({ nickname: 'yuna_fan' });
    const newer = await t.createUser({ nickname: 'placeholder_x' });
    // As the old rule (NFC + lower case) stored them: two different keys.
    await t.database.db.execute(sql`update users set nickname = ${'yun\u0430_fan'} where id = ${newer.id}`);
    await t.database.db.execute(sql`update users set nickname_key = lower(nickname), nickname_key_version = 1 where id in (${older.id}, ${newer.id})`);
    await t.database.db.execute(sql`update users set created_at = created_at + interval '1 second' where id = ${newer.id}`);
    const result = await backfillNicknameKeys(t.database.db);
    expect(result.renamed).toBe(1);
    const [kept] = await t.database.db.select().from(users).where(eq(users.id, older.id));
    const [renamed] = await t.database.db.select().from(users).where(eq(users.id, newer.id));
    expect(kept).toMatchObject({ nickname: 'yuna_fan', nicknameKey: nicknameKey('yuna_fan'), nicknameKeyVersion: 2 });
    expect(renamed!.nickname).toMatch(/^fan_[0-9a-z]{10}$/);
    expect(renamed!.nicknameKey).toBe(nicknameKey(renamed!.nickname!));
    expect(await backfillNicknameKeys(t.database.db)).toEqual({ rekeyed: 0, renamed: 0 });
  });
});
