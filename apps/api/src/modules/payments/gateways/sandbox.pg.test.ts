import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createManualClock } from '../../../lib/clock.ts';
import { openTestDatabase, testOrigin } from '../../../../test/harness.ts';
import type { Database } from '../../../db/client.ts';
import { createSandboxGateway, SandboxCheckoutError, type SandboxGateway } from './sandbox.ts';

/**
 * Two API processes (two gateway objects, each on its own pool) acting on one sandbox checkout at
 * the same moment, on real PostgreSQL (this file runs in the api-postgres project only): the
 * guarded UPDATEs let exactly one of them through (docs/decisions/078-sandbox-gateway-in-the-database.md).
 */
const rounds = Number(process.env.ORCHARD_SANDBOX_RACE_ROUNDS ?? 20);

describe('the sandbox gateway under concurrent processes (PostgreSQL)', () => {
  let database: Database;
  let processes: [SandboxGateway, SandboxGateway];
  const clock = createManualClock();

  beforeAll(async () => {
    database = await openTestDatabase();
    const gateway = () => createSandboxGateway({ db: database.db, publicUrl: new URL(testOrigin), clock, webhookSecret: 'race' });
    processes = [gateway(), gateway()];
    // No app here: deliveries are answered as a webhook route would.
    for (const sandbox of processes) sandbox.connect(async () => 200);
  });
  afterAll(() => database.close());

  let order = 0;
  const open = async () => {
    order += 1;
    const { checkoutUrl } = await processes[0].createCheckout({
      orderId: `race-${order}-${Date.now()}`,
      amountKrw: 10_000,
      orderName: 'race',
      method: 'card',
      successUrl: `${testOrigin}/ok`,
      failUrl: `${testOrigin}/fail`,
    });
    return new URL(checkoutUrl).pathname.split('/').pop()!;
  };
  const outcome = (settled: PromiseSettledResult<string>) => {
    if (settled.status === 'fulfilled') return new URL(settled.value).pathname;
    expect(settled.reason).toBeInstanceOf(SandboxCheckoutError);
    return 'refused';
  };

  it(`two approvals of one checkout: one authorises, both answer its one payment key, one approval event (${rounds} rounds)`, async () => {
    for (let round = 0; round < rounds; round++) {
      const checkoutId = await open();
      const results = await Promise.allSettled([processes[0].approve(checkoutId, 'card'), processes[1].approve(checkoutId, 'kakao_pay')]);
      // The second is the same approval sent again (decision 078): the same success return, nothing new authorised.
      expect(results.map(outcome)).toEqual(['/ok', '/ok']);
      const [first, second] = results as PromiseFulfilledResult<string>[];
      expect(second!.value).toBe(first!.value);
      const winner = new URL(first!.value);
      const paymentKey = winner.searchParams.get('paymentKey')!;
      const orderId = winner.searchParams.get('orderId')!;
      const confirms = await Promise.all(processes.map((sandbox) => sandbox.confirm({ orderId, paymentKey, amountKrw: 10_000 })));
      expect(confirms.every((confirm) => confirm.ok)).toBe(true);
      await Promise.all(processes.map((sandbox) => sandbox.settled()));
      const approvals = processes.flatMap((sandbox) => sandbox.deliveries).filter(({ event }) => event.type === 'payment.approved' && event.orderId === orderId);
      expect(approvals).toHaveLength(1);
    }
  });

  it(`an approval racing a decline: exactly one of them, never both (${rounds} rounds)`, async () => {
    for (let round = 0; round < rounds; round++) {
      const checkoutId = await open();
      const [approve, decline] = await Promise.allSettled([processes[round % 2]!.approve(checkoutId, 'card'), processes[(round + 1) % 2]!.decline(checkoutId, 'REJECT_CARD_PAYMENT')]);
      const checkout = await processes[0].getCheckout(checkoutId);
      if (checkout?.state === 'approved') {
        expect(outcome(approve)).toBe('/ok');
        expect(outcome(decline)).toBe('refused');
      } else {
        expect(checkout?.state).toBe('declined');
        // The approval that lost answers the decline's failure return, never a success.
        expect(outcome(approve)).toBe('/fail');
        expect(outcome(decline)).toBe('/fail');
      }
    }
  });

  it(`two whole cancellations with different keys: one cancels, the other is refused (${rounds} rounds)`, async () => {
    for (let round = 0; round < rounds; round++) {
      const checkoutId = await open();
      const success = new URL(await processes[0].approve(checkoutId, 'card'));
      const paymentKey = success.searchParams.get('paymentKey')!;
      await processes[1].confirm({ orderId: success.searchParams.get('orderId')!, paymentKey, amountKrw: 10_000 });
      const cancels = await Promise.all(
        processes.map((sandbox, index) => sandbox.cancel({ paymentKey, reason: 'refund', amountKrw: 10_000, idempotencyKey: `k-${round}-${index}` })),
      );
      expect(cancels.map((cancel) => cancel.ok).sort()).toEqual([false, true]);
      const partials = await Promise.all(
        processes.map((sandbox, index) => sandbox.cancel({ paymentKey, reason: 'guardian', amountKrw: 10_000, cancelAmountKrw: 6_000, idempotencyKey: `p-${round}-${index}` })),
      );
      expect(partials.every((cancel) => !cancel.ok)).toBe(true);
    }
  });

  it(`two partial cancellations that together exceed the amount: one goes through (${rounds} rounds)`, async () => {
    for (let round = 0; round < rounds; round++) {
      const checkoutId = await open();
      const success = new URL(await processes[0].approve(checkoutId, 'card'));
      const paymentKey = success.searchParams.get('paymentKey')!;
      await processes[0].confirm({ orderId: success.searchParams.get('orderId')!, paymentKey, amountKrw: 10_000 });
      const partials = await Promise.all(
        processes.map((sandbox, index) => sandbox.cancel({ paymentKey, reason: 'guardian', amountKrw: 10_000, cancelAmountKrw: 6_000, idempotencyKey: `q-${round}-${index}` })),
      );
      expect(partials.map((cancel) => (cancel.ok ? 'ok' : cancel.code)).sort()).toEqual(['NOT_CANCELABLE_AMOUNT', 'ok']);
      expect((await processes[1].getCheckout(checkoutId))?.state).toBe('partially_cancelled');
    }
  });
});
