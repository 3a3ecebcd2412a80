import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from '../users/users.table.ts';

/** Accounts are keyed by (provider, subject), never by email (docs/product.md#accounts). */
export const userIdentities = pgTable(
  'user_identities',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    subject: text('subject').notNull(),
    username: text('username'),
    email: text('email'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('user_identities_provider_subject_unique').on(table.provider, table.subject),
    index('user_identities_user_idx').on(table.userId),
    check('user_identities_provider_check', sql`${table.provider} in ('x', 'google', 'apple', 'dev')`),
  ],
);

/** Server-side sessions; only the SHA-256 of the cookie's token is stored (docs/quality.md#s4). */
export const sessions = pgTable(
  'sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /** Who vouched for the sign-in: a session of a provider since turned off is refused. */
    provider: text('provider').notNull(),
  },
  (table) => [
    index('sessions_user_idx').on(table.userId),
    check('sessions_provider_check', sql`${table.provider} in ('x', 'google', 'apple', 'dev')`),
  ],
);

/** One row per started sign-in: state, nonce and PKCE verifier, used once (docs/quality.md#s5). */
export const signInFlows = pgTable(
  'sign_in_flows',
  {
    stateHash: text('state_hash').primaryKey(),
    provider: text('provider').notNull(),
    intent: text('intent').notNull(),
    linkUserId: uuid('link_user_id').references(() => users.id, { onDelete: 'cascade' }),
    codeVerifier: text('code_verifier').notNull(),
    nonce: text('nonce').notNull(),
    returnTo: text('return_to').notNull(),
    /** Hash of a random value in a cookie of the browser that started the flow (login CSRF). */
    browserBindingHash: text('browser_binding_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
  },
  (table) => [
    index('sign_in_flows_expires_idx').on(table.expiresAt),
    check('sign_in_flows_intent_check', sql`${table.intent} in ('sign_in', 'link')`),
  ],
);

/**
 * The development identity provider's storage (oidc-provider's adapter: interactions, sessions,
 * codes, grants, and its shared keys), in the database so that any API process can finish a
 * sign-in another one started (decision 080). Development and tests only.
 */
export const devIdentityProviderArtifacts = pgTable(
  'dev_identity_provider_artifacts',
  {
    model: text('model').notNull(),
    id: text('id').notNull(),
    payload: jsonb('payload').notNull(),
    uid: text('uid'),
    grantId: text('grant_id'),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
  },
  (table) => [
    primaryKey({ columns: [table.model, table.id] }),
    index('dev_identity_provider_artifacts_uid_idx').on(table.model, table.uid),
    index('dev_identity_provider_artifacts_grant_idx').on(table.grantId),
    index('dev_identity_provider_artifacts_expires_idx').on(table.expiresAt),
  ],
);
