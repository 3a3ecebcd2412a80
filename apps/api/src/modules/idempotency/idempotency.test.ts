import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/harness.ts';
import { idempotencyKey } from '../../../test/points-fixtures.ts';
import { AppError, unprocessable } from '../../lib/errors.ts';
import { createIdempotency, keyScopeOf, requestHash } from './idempotency.service.ts';
import { ledgerKeysAppliedProbe } from '../points/points.service.ts';

/**
 * The idempotency module's storage (docs/architecture.md#idempotency): a key's first answer is kept
 * as its value or its refusal (code, message, details), never an HTTP status, and a replay rebuilds
 * the same AppError, its status from the code.
 */
describe('idempotency: stored answers', () => {
  let t: TestContext;
  let userId: string;

  beforeAll(async () => {
    t = await createTestContext();
    userId = (await t.createUser()).id;
  });
  afterAll(() => t.close());

  const storedResponse = async (key: string) =>
    (await t.database.db.execute<{ response: unknown }>(sql`select response from idempotency_keys where user_id = ${userId} and key = ${key}`)).rows.map((row) =>
      typeof row.response === 'string' ? JSON.parse(row.response) : row.response,
    );

  it('stores a value, and a retry gets it without running the write again', async () => {
    const idempotency = createIdempotency({ db: t.database.db, clock: t.clock, appliedOnLedger: ledgerKeysAppliedProbe });
    const scope = { userId, key: idempotencyKey(), hash: 'h' };
    let runs = 0;
    const write = async () => ({ charge: { id: `c-${++runs}` } });
    expect(await idempotency.run(scope, write)).toEqual({ kind: 'applied', value: { charge: { id: 'c-1' } } });
    expect(await idempotency.run(scope, write)).toEqual({ kind: 'replayed', value: { charge: { id: 'c-1' } } });
    expect(await storedResponse(scope.key)).toEqual([{ value: { charge: { id: 'c-1' } } }]);
    await expect(idempotency.run({ ...scope, hash: 'another body' }, write)).rejects.toMatchObject({ statusCode: 409, code: 'idempotency.key_reused' });
    expect(runs).toBe(1);
  });

  it('stores a refusal as its code, message and details, and replays it as the same AppError with the status of its code', async () => {
    const idempotency = createIdempotency({ db: t.database.db, clock: t.clock, appliedOnLedger: ledgerKeysAppliedProbe });
    const scope = { userId, key: idempotencyKey(), hash: 'h' };
    const refusal = unprocessable('points.package_unknown', 'There is no such charge package.', { packageId: 'gold' });
    await expect(idempotency.run(scope, () => Promise.reject(refusal))).rejects.toBe(refusal);
    expect(await storedResponse(scope.key)).toEqual([{ refusal: { code: 'points.package_unknown', message: 'There is no such charge package.', details: { packageId: 'gold' } } }]);
    const replayed = await idempotency.run(scope, () => Promise.resolve('now it would succeed')).catch((error: unknown) => error);
    expect(replayed).toBeInstanceOf(AppError);
    expect(replayed).toMatchObject({ statusCode: 422, code: 'points.package_unknown', message: 'There is no such charge package.', details: { packageId: 'gold' } });
  });

  it("answers a write of mechanism 2 the refusal stored under its key, or key reused for another kind of write's answer", async () => {
    const idempotency = createIdempotency({ db: t.database.db, clock: t.clock, appliedOnLedger: ledgerKeysAppliedProbe });
    const refused = { userId, key: idempotencyKey(), hash: 'h' };
    await expect(idempotency.run(refused, () => Promise.reject(unprocessable('points.insufficient', 'Not enough.', { available: 3 })))).rejects.toThrow('Not enough.');
    const charged = { userId, key: idempotencyKey(), hash: 'h' };
    await idempotency.run(charged, async () => ({ charge: 1 }));
    const [again, other, none] = await idempotency.earlierAnswers(t.database.db, [refused, charged, { userId, key: idempotencyKey() }]);
    expect(again).toMatchObject({ kind: 'refused-before', requestHash: 'h', refusal: { statusCode: 422, code: 'points.insufficient', details: { available: 3 } } });
    expect(other).toMatchObject({ kind: 'refused-before', requestHash: 'h', refusal: { statusCode: 409, code: 'idempotency.key_reused' } });
    expect(none).toBeNull();
  });

  it("hashes a route's request by method, path without its query, and body", async () => {
    const scopes: unknown[] = [];
    const app = Fastify();
    app.post('/api/keyed/:id', async (request) => {
      scopes.push(keyScopeOf(request, userId));
      return {};
    });
    for (const url of ['/api/keyed/7?lang=ko', '/api/keyed/7']) {
      await app.inject({ method: 'POST', url, headers: { 'idempotency-key': 'k-1' }, payload: { amount: 10 } });
    }
    await app.close();
    expect(scopes).toEqual([
      { userId, key: 'k-1', hash: requestHash('POST', '/api/keyed/7', { amount: 10 }) },
      { userId, key: 'k-1', hash: requestHash('POST', '/api/keyed/7', { amount: 10 }) },
    ]);
    expect(requestHash('POST', '/api/keyed/8', { amount: 10 })).not.toBe(requestHash('POST', '/api/keyed/7', { amount: 10 }));
  });
});
