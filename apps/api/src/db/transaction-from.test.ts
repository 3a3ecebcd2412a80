import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import { literalOf, transactionFrom, type NamedStatement } from './client.ts';

/**
 * `transactionFrom` (decision 060): on PostgreSQL the first statement's values travel as literals
 * beside BEGIN, so they must come back exactly as sent, whatever they hold; on PGlite it is a plain
 * transaction. Runs on both.
 */
const echo: NamedStatement = {
  name: 'transaction_from_echo_v1',
  text: 'select $1::text[] as texts, $2::int[] as numbers, $3::timestamptz as at, $4::text as one, $5::bigint as big',
};

const hostileTexts = [
  "it's",
  'say "hi"',
  'back\\slash',
  '\\"',
  '{a,b}',
  'a, b',
  'NULL',
  'null',
  '',
  ' spaced ',
  'line\nbreak\ttab',
  "'); drop table users; --",
  '$$ dollar $$',
  '한국어 日本語 ✓',
];

describe('transactionFrom', () => {
  let t: TestContext;

  beforeAll(async () => {
    t = await createTestContext();
    await t.database.db.execute(sql`create table transaction_from_rows (value text not null)`);
  });
  afterAll(async () => t.close());

  const count = async () => Number((await t.database.db.execute<{ n: number }>(sql`select count(*)::int as n from transaction_from_rows`)).rows[0]!.n);

  it('hands the body the first statement’s rows with every value exactly as sent, and commits what the body wrote', async () => {
    const at = new Date('2026-11-26T14:59:59.999Z');
    for (let run = 0; run < 3; run++) {
      const row = await transactionFrom(t.database.db, echo, [hostileTexts, [1, null, -7, 2_147_483_647], at, "o'clock", 9_007_199_254_740_991], async (tx, rows) => {
        await tx.execute(sql`insert into transaction_from_rows (value) values (${`run ${run}`})`);
        return rows[0]!;
      });
      expect(row.texts).toEqual(hostileTexts);
      expect(row.numbers).toEqual([1, null, -7, 2_147_483_647]);
      expect(new Date(row.at as string | Date).getTime()).toBe(at.getTime());
      expect(row.one).toBe("o'clock");
      expect(Number(row.big)).toBe(9_007_199_254_740_991);
    }
    expect(await count()).toBe(3);
  });

  it('rolls back what the body wrote when it throws, and the next transaction works', async () => {
    const before = await count();
    await expect(
      transactionFrom(t.database.db, echo, [[], [], new Date(), null, 0], async (tx) => {
        await tx.execute(sql`insert into transaction_from_rows (value) values ('lost')`);
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    expect(await count()).toBe(before);
    expect(await transactionFrom(t.database.db, echo, [['again'], [], new Date(), null, 1], async (_, rows) => rows[0]!.texts)).toEqual(['again']);
  });

  it('refuses a value it has no literal for rather than guessing', () => {
    expect(() => literalOf({ a: 1 })).toThrow('no SQL literal');
    expect(() => literalOf(Number.NaN)).toThrow('no SQL literal');
    expect(() => literalOf([[1]])).toThrow('no SQL literal');
    expect(literalOf(null)).toBe('null');
  });
});
