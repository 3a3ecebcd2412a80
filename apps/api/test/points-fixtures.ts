import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../src/db/client.ts';
import type { PointsService } from '../src/modules/points/points.service.ts';

/**
 * A confirmed payment credited the way the charge path credits it (payments row, wallet, then
 * creditChargeWithin in one transaction), without a gateway round trip: ledger tests that are not
 * about the gateway stay fast. Answers the payment id and its lot ids (purchased, then bonus).
 */
export async function creditCharge(db: Db, points: PointsService, input: { userId: string; orange: number; bonus?: number; paidAt: Date }) {
  const bonus = input.bonus ?? 0;
  return db.transaction(async (tx) => {
    const { rows } = await tx.execute<{ id: string }>(sql`
      insert into payments (user_id, order_id, gateway, package_id, orange, bonus_orange, amount_krw, method, status, payment_key, paid_at, created_at, updated_at)
      values (${input.userId}, ${`ord_${randomUUID()}`}, 'sandbox', 'test', ${input.orange}, ${bonus}, ${input.orange * 100}, 'card', 'confirmed',
        ${`pk_${randomUUID()}`}, ${input.paidAt.toISOString()}::timestamptz, ${input.paidAt.toISOString()}::timestamptz, ${input.paidAt.toISOString()}::timestamptz)
      returning id`);
    const paymentId = rows[0]!.id;
    await tx.execute(sql`insert into point_wallets (user_id) values (${input.userId}) on conflict do nothing`);
    await points.creditChargeWithin(tx, { id: paymentId, userId: input.userId, orange: input.orange, bonusOrange: bonus }, input.paidAt);
    return paymentId;
  });
}

/** How many ledger transactions exist (a sweep that posts nothing leaves it unchanged). */
export async function transactionCount(db: Db): Promise<number> {
  const { rows } = await db.execute<{ n: number }>(sql`select count(*)::int as n from point_transactions`);
  return Number(rows[0]!.n);
}
