import * as oidc from 'openid-client';
import { isSafeReturnPath, roles as knownRoles, type ErrorCode, type Me, type ProviderId, type Role } from '@orchard/shared';
import { spaPaths } from '@orchard/shared/spa-paths';
import type { Config } from '../../config.ts';
import type { Db, DbOrTx, Tx } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { unauthenticated } from '../../lib/errors.ts';
import { randomToken, sha256 } from '../../lib/tokens.ts';
import type { SessionInfo } from '../../types.ts';
import type { UsersService } from '../users/users.service.ts';
import { lastIdentity, providerDisabled, providerUnknown, xAlreadyLinked, xNotLinked } from './auth.errors.ts';
import { createAuthRepository, type IdentityProfile } from './auth.repository.ts';
import type { AuthorizationResponse, IdentityProvider, IdentityProviders } from './providers.ts';
import type { SessionService } from './session.service.ts';

/** How long a started sign-in may take before its state is refused. */
export const signInFlowLifetimeMs = 10 * 60_000;
const defaultReturnPath = spaPaths.home;
const defaultLinkReturnPath = spaPaths.userProfile;
const joinPath = spaPaths.join;

/** Where the browser goes next, and what to set on the way. */
export type CallbackOutcome =
  | { kind: 'signed_in'; redirectTo: string; session: { token: string; expiresAt: Date } }
  | { kind: 'linked'; redirectTo: string }
  | { kind: 'failed'; redirectTo: string; code: ErrorCode; cause?: unknown };

export type StartedSignIn =
  | { kind: 'started'; authorizationUrl: URL; browserBinding: string }
  | { kind: 'failed'; redirectTo: string; code: ErrorCode; cause: unknown };

/**
 * A return path that cannot leave the site, else the default (docs/quality.md#s5: no open redirect). It is
 * percent-encoded as a URL would be, so `/日本語` can go in a Location header.
 */
export function safeReturnPath(requested: string | undefined, fallback: string): string {
  if (requested === undefined || !isSafeReturnPath(requested)) return fallback;
  const url = new URL(requested, 'http://orchard.invalid');
  return `${url.pathname}${url.search}${url.hash}`;
}

/**
 * docs/product.md#accounts: an account that has not finished joining goes to /join first, carrying
 * where it was going as `next`, so the join ends there (the return path is already a safe one).
 * Home, and the login page with no `next` of its own (which leads home), need no `next`.
 */
function joinOnTheWayTo(returnTo: string): string {
  if (returnTo === defaultReturnPath || returnTo === spaPaths.login) return joinPath;
  return `${joinPath}?${new URLSearchParams({ next: returnTo })}`;
}

function withErrorCode(path: string, code: ErrorCode): string {
  const url = new URL(path, 'http://orchard.invalid');
  url.searchParams.set('error', code);
  return `${url.pathname}${url.search}${url.hash}`;
}

const loginFailure = (code: ErrorCode, cause?: unknown): CallbackOutcome => ({
  kind: 'failed',
  code,
  cause,
  redirectTo: withErrorCode(spaPaths.login, code),
});

/** A browser binding value we issued: 256 random bits, base64url. */
const bindingPattern = /^[A-Za-z0-9_-]{43}$/;

/** Two first sign-ins of one identity raced; the loser reads the winner's account. */
class IdentityTakenMeanwhile extends Error {}

/**
 * Account deletion, the auth module's part: the account's identities go, so the same sign-in later
 * makes a fresh account (docs/product.md#account-deletion). A plain function, handed to the users
 * service as a deletion hook: the auth service itself is built on the users service.
 */
export async function forgetIdentitiesWithin(tx: Tx, userId: string) {
  await createAuthRepository({ db: tx }).deleteIdentitiesOf(userId);
}

/**
 * The providers an account signs in with and their usernames, oldest first (the profile shows
 * them). A plain function for the users service, which the auth service is built on.
 */
export function identitiesOf(source: DbOrTx, userId: string) {
  return createAuthRepository({ db: source }).identitiesOf(userId);
}

/** The account a sign-in identity belongs to, if any: the sample data finds its accounts by their identity. */
export async function accountOfIdentityWithin(tx: DbOrTx, provider: ProviderId, subject: string): Promise<string | undefined> {
  return createAuthRepository({ db: tx }).ownerOf(provider, subject);
}

/**
 * Gives an account made without a sign-in (the sample operator, the demo's fans) the identity it
 * signs in with from then on; false when another account has it.
 */
export async function addIdentityWithin(tx: DbOrTx, userId: string, provider: ProviderId, subject: string): Promise<boolean> {
  return createAuthRepository({ db: tx }).insertIdentity(userId, { provider, subject, email: null, username: null });
}

export function createAuthService(deps: {
  db: Db;
  clock: Clock;
  config: Config;
  sessions: SessionService;
  providers: IdentityProviders;
  users: Pick<UsersService, 'createAccountWithin' | 'recordSignInEmail'>;
}) {
  const { db, clock, sessions, providers, users } = deps;
  const repository = createAuthRepository({ db });

  function providerFor(id: string): IdentityProvider {
    if (!providers.isKnown(id)) throw providerUnknown();
    const provider = providers.get(id);
    if (!provider) throw providerDisabled();
    return provider;
  }

  /**
   * The account of a (provider, subject), created on its first sign-in with the join still to do.
   * The provider's email and username are kept on the identity, never used to match.
   */
  async function findOrCreateAccount(identity: IdentityProfile): Promise<{ userId: string; joinState: string }> {
    for (let attempt = 0; attempt < 2; attempt++) {
      const existing = await repository.findAccountOf(identity);
      if (existing) {
        if (identity.email) await users.recordSignInEmail(existing.userId, identity.email);
        return existing;
      }
      try {
        return await db.transaction(async (tx) => {
          const account = await users.createAccountWithin(tx, { email: identity.email });
          if (!(await createAuthRepository({ db: tx }).insertIdentity(account.userId, identity))) throw new IdentityTakenMeanwhile();
          return account;
        });
      } catch (error) {
        if (!(error instanceof IdentityTakenMeanwhile)) throw error;
      }
    }
    throw new Error(`identity ${identity.provider} could not be resolved`);
  }

  async function start(
    provider: IdentityProvider,
    options: { returnTo: string; browserBinding?: string; linkUserId?: string },
  ): Promise<StartedSignIn> {
    const now = clock.now();
    // A browser keeps one binding value across parallel sign-ins (two tabs), so neither breaks the other.
    const browserBinding =
      options.browserBinding && bindingPattern.test(options.browserBinding) ? options.browserBinding : randomToken();
    const request = { state: oidc.randomState(), nonce: oidc.randomNonce(), codeVerifier: oidc.randomPKCECodeVerifier() };
    let authorizationUrl: URL;
    try {
      authorizationUrl = await provider.buildAuthorizationUrl(request);
    } catch (error) {
      // The provider's discovery document could not be read (down, or an http issuer not allowed).
      const failure = loginFailure('auth.provider_error', error);
      return { kind: 'failed', redirectTo: failure.redirectTo, code: 'auth.provider_error', cause: error };
    }
    await repository.insertFlow({
      stateHash: sha256(request.state),
      provider: provider.id,
      intent: options.linkUserId ? 'link' : 'sign_in',
      linkUserId: options.linkUserId ?? null,
      codeVerifier: request.codeVerifier,
      nonce: request.nonce,
      returnTo: options.returnTo,
      browserBindingHash: sha256(browserBinding),
      createdAt: now,
      expiresAt: new Date(now.getTime() + signInFlowLifetimeMs),
    });
    return { kind: 'started', authorizationUrl, browserBinding };
  }

  return {
    enabledProviders(): { providers: { id: ProviderId }[] } {
      return { providers: providers.enabled().map((id) => ({ id })) };
    },

    /** Begins a sign-in; throws 404 for an unknown or unconfigured provider. */
    async startSignIn(providerId: string, options: { returnTo?: string; browserBinding?: string }): Promise<StartedSignIn> {
      const provider = providerFor(providerId);
      return start(provider, { returnTo: safeReturnPath(options.returnTo, defaultReturnPath), browserBinding: options.browserBinding });
    },

    /** docs/product.md#accounts: "X account link" attaches an X identity to the signed-in account. */
    async startXLink(userId: string, options: { returnTo?: string; browserBinding?: string }): Promise<StartedSignIn> {
      const provider = providerFor('x');
      if (await repository.hasIdentityOf(userId, 'x')) {
        throw xAlreadyLinked();
      }
      return start(provider, {
        returnTo: safeReturnPath(options.returnTo, defaultLinkReturnPath),
        browserBinding: options.browserBinding,
        linkUserId: userId,
      });
    },

    /**
     * The provider sent the browser back. Every failure ends in a redirect with an error code and
     * no session (docs/quality.md#s5); success creates a new session, revoking the one the browser held (docs/quality.md#s4).
     */
    async completeCallback(
      providerId: string,
      response: AuthorizationResponse,
      browser: { browserBinding?: string; sessionToken?: string; session: SessionInfo | null },
    ): Promise<CallbackOutcome> {
      const provider = providerFor(providerId);
      if (!response.state || !browser.browserBinding) return loginFailure('auth.invalid_state');
      const flow = await repository.consumeFlow(sha256(response.state), sha256(browser.browserBinding), clock.now());
      if (!flow || flow.provider !== provider.id) return loginFailure('auth.invalid_state');

      const linking = flow.intent === 'link';
      const fail = (code: ErrorCode, cause?: unknown): CallbackOutcome =>
        linking ? { kind: 'failed', code, cause, redirectTo: withErrorCode(flow.returnTo, code) } : loginFailure(code, cause);

      if (response.error) return fail(response.error === 'access_denied' ? 'auth.sign_in_cancelled' : 'auth.provider_error');
      let identity;
      try {
        identity = await provider.verifyCallback(response, { state: response.state, nonce: flow.nonce, codeVerifier: flow.codeVerifier });
      } catch (error) {
        return fail('auth.provider_error', error);
      }

      if (linking) {
        // The link belongs to the account that started it, still signed in in this browser.
        if (!flow.linkUserId || browser.session?.userId !== flow.linkUserId) return fail('auth.invalid_state');
        const result = await repository.linkIdentity(flow.linkUserId, identity);
        if (result === 'taken') return fail('auth.x_already_registered');
        if (result === 'provider_already_linked') return fail('auth.x_already_linked');
        return { kind: 'linked', redirectTo: flow.returnTo };
      }

      const account = await findOrCreateAccount(identity);
      const session = await sessions.create(account.userId, provider.id, browser.sessionToken);
      return { kind: 'signed_in', session, redirectTo: account.joinState === 'joined' ? flow.returnTo : joinOnTheWayTo(flow.returnTo) };
    },

    async me(userId: string): Promise<Me> {
      const row = await repository.findMe(userId);
      if (!row) throw unauthenticated();
      return {
        id: row.id,
        nickname: row.nickname,
        joinState: row.joinState as Me['joinState'],
        language: row.language as Me['language'],
        currency: row.currency as Me['currency'],
        hasUnreadNotification: row.hasUnreadNotification,
        roles: row.roles.filter((role): role is Role => (knownRoles as readonly string[]).includes(role)),
      };
    },

    async logout(sessionToken: string | undefined) {
      if (sessionToken) await sessions.revoke(sessionToken);
    },

    async logoutEverywhere(userId: string) {
      await sessions.revokeAllForUser(userId);
    },

    async unlinkX(userId: string) {
      const result = await repository.unlinkIdentity(userId, 'x');
      if (result === 'not_linked') throw xNotLinked();
      if (result === 'last_identity') throw lastIdentity();
    },

    async deleteExpiredFlows() {
      await repository.deleteExpiredFlows(clock.now());
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
