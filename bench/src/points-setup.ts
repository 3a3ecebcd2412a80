/**
 * What the points chaos run and the points benchmark share: a fresh PostgreSQL database, the API's
 * production environment on it, and signed-in users minted directly in the database (the same
 * session rows the sign-in flow writes, without an identity provider).
 */
import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { Db } from '../../apps/api/src/db/client.ts';
import { systemClock } from '../../apps/api/src/lib/clock.ts';
import { randomToken, sha256 } from '../../apps/api/src/lib/tokens.ts';
import { createPointsService } from '../../apps/api/src/modules/points/points.service.ts';
import { findChargePackage } from '../../packages/shared/src/points.ts';

export const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export function withDatabase(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

/** Drops and recreates `name`; the API migrates it on start. */
export async function createFreshDatabase(name: string): Promise<string> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  return withDatabase(adminUrl, name);
}

/** The API in production mode on PostgreSQL, charging through the sandbox (no real gateway on a bench machine). */
export function apiEnvironment(databaseUrl: string, publicUrl: string): Record<string, string> {
  return {
    NODE_ENV: 'production',
    DEV_IDP: 'off',
    GOOGLE_CLIENT_ID: 'bench',
    ALLOW_SANDBOX_GATEWAY_IN_PRODUCTION: 'true',
    DATABASE_URL: databaseUrl,
    LOG_LEVEL: 'warn',
    PUBLIC_URL: publicUrl,
    // The limits (docs/quality.md#s8) are per caller per minute; load runs far above them on purpose, and only
    // through configuration: the API has no code path that skips its limits.
    RATE_LIMIT_WRITES_PER_MINUTE: '100000000',
    RATE_LIMIT_SIGN_IN_PER_MINUTE: '100000000',
  };
}

export type MintedUser = { id: string; cookie: string };

/** `count` joined users with a live session each, in two statements. */
export async function mintUsers(databaseUrl: string, count: number, prefix: string): Promise<MintedUser[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ id: string; n: number }>(
      `insert into users (nickname, nickname_key, join_state, joined_at)
       select $1 || n, $1 || n, 'joined', now() from generate_series(1, $2::int) n
       returning id, substring(nickname from length($1) + 1)::int as n`,
      [prefix, count],
    );
    rows.sort((a, b) => a.n - b.n);
    const tokens = rows.map(() => randomToken());
    await client.query(
      `insert into sessions (token_hash, user_id, provider, created_at, last_seen_at, expires_at)
       select h, u::uuid, 'google', now(), now(), now() + interval '1 day' from unnest($1::text[], $2::text[]) as s(h, u)`,
      [tokens.map(sha256), rows.map((row) => row.id)],
    );
    return rows.map((row, index) => ({ id: row.id, cookie: `orchard_session=${tokens[index]}` }));
  } finally {
    await client.end();
  }
}

const chargePackage = findChargePackage('orange-5000')!;

/** The Orange (purchased and bonus) of each of `chargeEveryone`'s charges. */
export const orangePerCharge = chargePackage.orange + chargePackage.bonusOrange;

/**
 * Every user gets `charges` confirmed 5,000 (+500 bonus) Orange charges, each credited by the points
 * service as a confirmed payment is. `key` keeps the payments' order ids apart between callers.
 */
export async function chargeEveryone(db: Db, users: MintedUser[], { charges = 1, key = 'bench' }: { charges?: number; key?: string } = {}) {
  const points = createPointsService({ db, clock: systemClock });
  const now = new Date();
  const work = users.flatMap((user) => Array.from({ length: charges }, (_, index) => ({ user, orderId: `${key}_${user.id}_${index}` })));
  for (let from = 0; from < work.length; from += 8) {
    await Promise.all(
      work.slice(from, from + 8).map(({ user, orderId }) =>
        db.transaction(async (tx) => {
          const inserted = await tx.execute<{ id: string }>(
            sqlCharge(user.id, orderId, chargePackage.id, chargePackage.orange, chargePackage.bonusOrange, chargePackage.priceKrw, now),
          );
          await points.creditChargeWithin(tx, { id: inserted.rows[0]!.id, userId: user.id, orange: chargePackage.orange, bonusOrange: chargePackage.bonusOrange }, now);
        }),
      ),
    );
  }
}

function sqlCharge(userId: string, orderId: string, packageId: string, orange: number, bonus: number, priceKrw: number, now: Date) {
  const at = now.toISOString();
  return sql`
    with wallet as (insert into point_wallets (user_id) values (${userId}) on conflict (user_id) do nothing)
    insert into payments (user_id, order_id, gateway, package_id, orange, bonus_orange, amount_krw, method, status, payment_key, paid_at, created_at, updated_at)
    values (${userId}, ${orderId}, 'sandbox', ${packageId}, ${orange}, ${bonus}, ${priceKrw}, 'card', 'confirmed', ${`sbx_${orderId}`}, ${at}::timestamptz, ${at}::timestamptz, ${at}::timestamptz)
    returning id`;
}
