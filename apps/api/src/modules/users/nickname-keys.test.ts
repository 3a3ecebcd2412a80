import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nicknameKey } from '@orchard/shared/nickname-key';
import { createTestContext, errorCode, type TestContext } from '../../../test/harness.ts';
import { backfillNicknameKeys, currentNicknameKeyVersion } from './nickname-keys.ts';
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
    for (const twin of ['h\u0430rin_kim', 'ｈａｒｉｎ_ｋｉｍ', 'har\u0131n_kim', 'HARIN_KIM', 'harin_kirn', 'ha\u0433in_kim']) {
      expect(await check(rival.cookie, twin), twin).toEqual(expect.objectContaining({ available: false, problem: 'taken' }));
      const saved = await save(rival.cookie, twin);
      expect(saved.statusCode, twin).toBe(409);
      expect(errorCode(saved)).toBe('users.nickname_taken');
    }
  });

  it('answers staff-like names as taken in every language', async () => {
    const fan = await t.createUser();
    for (const name of [
      'orchard_admin', '\u043erchard_admin', '운영자', '관리자', 'オペレーター', '管理员', 'soporte', 'kim_staff',
      'オペレ\u4e00ター', '관ㄹ\u4e28자', 'ㅇㅜㄴㅇㅕㅇㅈㅏ', '\u0391D\u039c\u0399\u039d', '\u0410D\u041cIN',
    ]) {
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
    expect(kept).toMatchObject({ nickname: 'yuna_fan', nicknameKey: nicknameKey('yuna_fan'), nicknameKeyVersion: currentNicknameKeyVersion });
    expect(renamed!.nickname).toMatch(/^fan_[0-9a-z]{10}$/);
    expect(renamed!.nicknameKey).toBe(nicknameKey(renamed!.nickname!));
    expect(await backfillNicknameKeys(t.database.db)).toEqual({ rekeyed: 0, renamed: 0 });
  });

  it('re-keys version-2 keys with the whole table: of two Japanese or Korean names that now collide the older keeps it, no account is lost', async () => {
    const names = [
      ['ミカ_fan', 'ミ\u529b_fan'], // CJK 力 for katakana カ: two keys under version 2
      ['하ㅡ늘', '하\u4e00늘'], // CJK 一 for the vowel ㅡ
    ] as const;
    const pairs: { older: string; newer: string; olderName: string }[] = [];
    for (const [olderName, newerName] of names) {
      const older = await t.createUser();
      const newer = await t.createUser();
      await t.database.db.execute(sql`update users set nickname = ${olderName} where id = ${older.id}`);
      await t.database.db.execute(sql`update users set nickname = ${newerName}, created_at = created_at + interval '1 second' where id = ${newer.id}`);
      pairs.push({ older: older.id, newer: newer.id, olderName });
    }
    const distinct = await t.createUser({ nickname: '하늘' });
    const ids = [...pairs.flatMap(({ older, newer }) => [older, newer]), distinct.id];
    // As version 2 stored them: four different keys (what they were does not matter, only that they differ).
    await t.database.db.execute(
      sql`update users set nickname_key = 'v2:' || id, nickname_key_version = 2 where id in (${sql.join(ids.map((id) => sql`${id}`), sql`, `)})`,
    );
    const accounts = async () => (await t.database.db.select({ id: users.id }).from(users)).length;
    const before = await accounts();
    const result = await backfillNicknameKeys(t.database.db);
    expect(result).toEqual({ rekeyed: 5, renamed: 2 });
    expect(await accounts()).toBe(before);
    for (const { older, newer, olderName } of pairs) {
      const [kept] = await t.database.db.select().from(users).where(eq(users.id, older));
      const [renamed] = await t.database.db.select().from(users).where(eq(users.id, newer));
      expect(kept).toMatchObject({ nickname: olderName, nicknameKey: nicknameKey(olderName), nicknameKeyVersion: currentNicknameKeyVersion });
      expect(renamed).toMatchObject({ nicknameKeyVersion: currentNicknameKeyVersion, deletedAt: null });
      expect(renamed!.nickname).toMatch(/^fan_[0-9a-z]{10}$/);
      expect(renamed!.nicknameKey).toBe(nicknameKey(renamed!.nickname!));
    }
    const [sky] = await t.database.db.select().from(users).where(eq(users.id, distinct.id));
    expect(sky).toMatchObject({ nickname: '하늘', nicknameKey: nicknameKey('하늘'), nicknameKeyVersion: currentNicknameKeyVersion });
    expect(await backfillNicknameKeys(t.database.db)).toEqual({ rekeyed: 0, renamed: 0 });
  });
});
