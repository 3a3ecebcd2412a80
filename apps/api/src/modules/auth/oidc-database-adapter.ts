import { and, eq, gt, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import { exportJWK, generateKeyPair, type JWK } from 'jose';
import type { Adapter, AdapterFactory, AdapterPayload } from 'oidc-provider';
import type { Db } from '../../db/client.ts';
import { randomToken } from '../../lib/tokens.ts';
import { devIdentityProviderArtifacts as artifacts } from './auth.table.ts';

const live = (now: Date) => or(isNull(artifacts.expiresAt), gt(artifacts.expiresAt, now));

/**
 * oidc-provider storage in the database, for the development identity provider: an interaction
 * started on one API process, the code it issues and the token exchange may each land on another
 * process, and all of them must see the same artifacts (decision 080). Expired rows are deleted
 * whenever a sign-in starts (an Interaction is stored), so the table holds about an hour of sign-ins.
 */
export function createDatabaseAdapterFactory(db: Db): AdapterFactory {
  return (model: string): Adapter => {
    const row = (id: string) => and(eq(artifacts.model, model), eq(artifacts.id, id));
    const findWhere = async (condition: SQL) => {
      const [found] = await db
        .select({ payload: artifacts.payload })
        .from(artifacts)
        .where(and(eq(artifacts.model, model), condition, live(new Date())))
        .limit(1);
      return found?.payload as AdapterPayload | undefined;
    };
    return {
      async upsert(id, payload, expiresIn) {
        const now = new Date();
        if (model === 'Interaction') await db.delete(artifacts).where(lte(artifacts.expiresAt, now));
        const values = {
          payload,
          uid: typeof payload.uid === 'string' ? payload.uid : null,
          grantId: typeof payload.grantId === 'string' ? payload.grantId : null,
          expiresAt: expiresIn ? new Date(now.getTime() + expiresIn * 1000) : null,
        };
        await db
          .insert(artifacts)
          .values({ model, id, ...values })
          .onConflictDoUpdate({ target: [artifacts.model, artifacts.id], set: values });
      },
      find: (id) => findWhere(eq(artifacts.id, id)),
      findByUid: (uid) => findWhere(eq(artifacts.uid, uid)),
      findByUserCode: (userCode) => findWhere(sql`${artifacts.payload}->>'userCode' = ${userCode}`),
      async consume(id) {
        const consumed = Math.floor(Date.now() / 1000);
        await db
          .update(artifacts)
          .set({ payload: sql`${artifacts.payload} || jsonb_build_object('consumed', ${consumed}::int)` })
          .where(row(id));
      },
      async destroy(id) {
        await db.delete(artifacts).where(row(id));
      },
      async revokeByGrantId(grantId) {
        await db.delete(artifacts).where(eq(artifacts.grantId, grantId));
      },
    };
  };
}

/** What every process's development provider must hold alike: a client secret, a signing key, a cookie key. */
export type DevIdentityProviderKeys = { clientSecret: string; signingKey: JWK; cookieKey: string };

/**
 * The development provider's keys, made by the first process that needs them and read by the
 * others (insert-if-absent, then read: two processes starting at once keep the same row).
 * They live as long as the database: a restart keeps sign-ins in progress working too.
 */
export async function sharedDevIdentityProviderKeys(db: Db): Promise<DevIdentityProviderKeys> {
  const read = async () => {
    const [found] = await db
      .select({ payload: artifacts.payload })
      .from(artifacts)
      .where(and(eq(artifacts.model, 'Keys'), eq(artifacts.id, 'current')));
    return found?.payload as DevIdentityProviderKeys | undefined;
  };
  const existing = await read();
  if (existing) return existing;
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const signingKey: JWK = { ...(await exportJWK(privateKey)), kid: `dev-${randomToken().slice(0, 8)}`, alg: 'RS256', use: 'sig' };
  const keys: DevIdentityProviderKeys = { clientSecret: randomToken(), signingKey, cookieKey: randomToken() };
  await db.insert(artifacts).values({ model: 'Keys', id: 'current', payload: keys }).onConflictDoNothing();
  return (await read())!;
}
