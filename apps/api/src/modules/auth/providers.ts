import { importPKCS8, SignJWT } from 'jose';
import * as oidc from 'openid-client';
import { z } from 'zod';
import { isSafeText, providerIds, type ProviderId } from '@orchard/shared';
import type { Config } from '../../config.ts';
import type { DevIdentityProviderClient } from './dev-identity-provider.ts';

/** The secrets of one started sign-in, kept server-side in its flow row. */
export type AuthorizationRequest = { state: string; nonce: string; codeVerifier: string };

/** The parameters the provider sent back to the callback (query, or Apple's form body). */
export type AuthorizationResponse = { code?: string; state?: string; error?: string; iss?: string };

/** Who the provider says signed in: accounts are keyed by (provider, subject), never by email. */
export type VerifiedIdentity = { provider: ProviderId; subject: string; email: string | null; username: string | null };

export type IdentityProvider = {
  id: ProviderId;
  buildAuthorizationUrl(request: AuthorizationRequest): Promise<URL>;
  /** Redeems the code and verifies the answer; throws when anything does not check out. */
  verifyCallback(response: AuthorizationResponse, request: AuthorizationRequest): Promise<VerifiedIdentity>;
};

export type IdentityProviders = {
  enabled(): ProviderId[];
  isKnown(id: string): id is ProviderId;
  get(id: ProviderId): IdentityProvider | undefined;
};

const requestTimeoutSeconds = 10;

/** An e-mail worth keeping: a string of sane length with no control characters, else nothing. */
function storableEmail(value: unknown): string | null {
  return typeof value === 'string' && value.length <= 254 && value.includes('@') && isSafeText(value) ? value : null;
}

export function callbackUrl(config: Config, provider: ProviderId): URL {
  return new URL(`/api/auth/${provider}/callback`, config.publicUrl);
}

/** The callback parameters as the URL openid-client expects; only the ones the code flow defines. */
function authorizationResponseUrl(redirectUri: URL, response: AuthorizationResponse): URL {
  const url = new URL(redirectUri);
  for (const name of ['code', 'state', 'error', 'iss'] as const) {
    const value = response[name];
    if (value !== undefined) url.searchParams.set(name, value);
  }
  return url;
}

type OidcProviderOptions = {
  id: ProviderId;
  issuer: string;
  clientId: string;
  clientAuthentication: oidc.ClientAuth;
  scope: string;
  extraAuthorizationParameters?: Record<string, string>;
  allowInsecureRequests: boolean;
  fetch?: oidc.CustomFetch;
  /** Runs before the code is redeemed (Apple refreshes its signed client secret here). */
  beforeTokenRequest?: () => Promise<void>;
};

/**
 * Google, Apple and the development provider: OpenID Connect with state, nonce and PKCE S256, and
 * the ID token's signature, issuer, audience and expiry checked (docs/quality.md#s5). openid-client skips the
 * signature of token-endpoint ID tokens by default (TLS vouches for them); we check it anyway.
 */
function createOidcProvider(options: OidcProviderOptions, config: Config): IdentityProvider {
  const redirectUri = callbackUrl(config, options.id);
  let configuration: Promise<oidc.Configuration> | undefined;
  const discover = () => {
    configuration ??= oidc
      .discovery(new URL(options.issuer), options.clientId, undefined, options.clientAuthentication, {
        execute: [oidc.enableNonRepudiationChecks, ...(options.allowInsecureRequests ? [oidc.allowInsecureRequests] : [])],
        timeout: requestTimeoutSeconds,
        ...(options.fetch ? { [oidc.customFetch]: options.fetch } : {}),
      })
      .catch((error: unknown) => {
        // A provider that was down is asked again next time.
        configuration = undefined;
        throw error;
      });
    return configuration;
  };

  return {
    id: options.id,
    async buildAuthorizationUrl(request) {
      return oidc.buildAuthorizationUrl(await discover(), {
        redirect_uri: redirectUri.href,
        response_type: 'code',
        scope: options.scope,
        state: request.state,
        nonce: request.nonce,
        code_challenge: await oidc.calculatePKCECodeChallenge(request.codeVerifier),
        code_challenge_method: 'S256',
        ...options.extraAuthorizationParameters,
      });
    },
    async verifyCallback(response, request) {
      const client = await discover();
      await options.beforeTokenRequest?.();
      const tokens = await oidc.authorizationCodeGrant(client, authorizationResponseUrl(redirectUri, response), {
        expectedState: request.state,
        expectedNonce: request.nonce,
        pkceCodeVerifier: request.codeVerifier,
        idTokenExpected: true,
      });
      const claims = tokens.claims();
      if (!claims) throw new Error('the provider returned no ID token');
      let email = storableEmail(claims.email);
      // Providers that keep scope claims out of the ID token give them at userinfo (the
      // development provider does); the subject there must be the ID token's.
      if (!email && options.scope.split(' ').includes('email') && client.serverMetadata().userinfo_endpoint) {
        const info = await oidc.fetchUserInfo(client, tokens.access_token, claims.sub).catch(() => undefined);
        email = storableEmail(info?.email);
      }
      return { provider: options.id, subject: claims.sub, email, username: null };
    },
  };
}

const xUserSchema = z.object({
  data: z.object({ id: z.string().min(1).max(64), name: z.string().max(200).optional(), username: z.string().max(100).optional() }),
});

/**
 * docs/product.md#accounts: X is OAuth 2.0 with PKCE and no ID token; who signed in is what its
 * users/me endpoint answers for the access token.
 */
function createXProvider(settings: NonNullable<Config['providers']['x']>, config: Config): IdentityProvider {
  const redirectUri = callbackUrl(config, 'x');
  const client = new oidc.Configuration(
    {
      // X sends no `iss`; a provider that does (RFC 9207) must match the authorization server's origin.
      issuer: new URL(settings.authorizationUrl).origin,
      authorization_endpoint: settings.authorizationUrl,
      token_endpoint: settings.tokenUrl,
    },
    settings.clientId,
    settings.clientSecret,
    settings.clientSecret ? oidc.ClientSecretBasic(settings.clientSecret) : oidc.None(),
  );
  client.timeout = requestTimeoutSeconds;
  if (config.allowInsecureIssuers) oidc.allowInsecureRequests(client);

  return {
    id: 'x',
    async buildAuthorizationUrl(request) {
      return oidc.buildAuthorizationUrl(client, {
        redirect_uri: redirectUri.href,
        response_type: 'code',
        scope: 'users.read tweet.read',
        state: request.state,
        code_challenge: await oidc.calculatePKCECodeChallenge(request.codeVerifier),
        code_challenge_method: 'S256',
      });
    },
    async verifyCallback(response, request) {
      const tokens = await oidc.authorizationCodeGrant(client, authorizationResponseUrl(redirectUri, response), {
        expectedState: request.state,
        pkceCodeVerifier: request.codeVerifier,
      });
      const answer = await oidc.fetchProtectedResource(client, tokens.access_token, new URL(settings.userinfoUrl), 'GET');
      if (!answer.ok) throw new Error(`X users/me answered ${answer.status}`);
      const { data } = xUserSchema.parse(await answer.json());
      return { provider: 'x', subject: data.id, email: null, username: data.username ?? null };
    },
  };
}

/** Apple's client secret lives at most six months; ours is re-signed well before it ends. */
const appleSecretLifetimeSeconds = 60 * 60;
const appleSecretRefreshMarginSeconds = 10 * 60;

/**
 * docs/product.md#accounts: Apple's client secret is an ES256 JWT signed with the team's key
 * (iss = team id, sub = client id, aud = Apple's issuer, kid = key id).
 */
export function createAppleClientSecretSigner(
  settings: { clientId: string; issuer: string; signing: { teamId: string; keyId: string; privateKey: string } },
  now: () => Date = () => new Date(),
) {
  let current: { secret: string; expiresAt: number } | undefined;
  let keyOnce: ReturnType<typeof importPKCS8> | undefined;
  return {
    async refresh(): Promise<string> {
      const issuedAt = Math.floor(now().getTime() / 1000);
      if (current && current.expiresAt - appleSecretRefreshMarginSeconds > issuedAt) return current.secret;
      keyOnce ??= importPKCS8(settings.signing.privateKey, 'ES256');
      const expiresAt = issuedAt + appleSecretLifetimeSeconds;
      const secret = await new SignJWT({})
        .setProtectedHeader({ alg: 'ES256', kid: settings.signing.keyId })
        .setIssuer(settings.signing.teamId)
        .setSubject(settings.clientId)
        .setAudience(settings.issuer)
        .setIssuedAt(issuedAt)
        .setExpirationTime(expiresAt)
        .sign(await keyOnce);
      current = { secret, expiresAt };
      return secret;
    },
    /** The secret signed by the last refresh(). */
    current(): string {
      if (!current) throw new Error('the Apple client secret has not been signed yet');
      return current.secret;
    },
  };
}

function createAppleProvider(settings: NonNullable<Config['providers']['apple']>, config: Config): IdentityProvider {
  const base = { id: 'apple' as const, issuer: settings.issuer, clientId: settings.clientId, allowInsecureRequests: config.allowInsecureIssuers };
  // docs/product.md#accounts: Apple answers with a cross-site form POST (response_mode=form_post).
  const appleRequest = { scope: 'openid email name', extraAuthorizationParameters: { response_mode: 'form_post' } };
  if (settings.signing) {
    const signer = createAppleClientSecretSigner({ clientId: settings.clientId, issuer: settings.issuer, signing: settings.signing });
    return createOidcProvider(
      {
        ...base,
        ...appleRequest,
        // Apple wants the secret in the body; it changes over time, so it is read at each request.
        clientAuthentication: (_server, _client, body) => {
          body.set('client_id', settings.clientId);
          body.set('client_secret', signer.current());
        },
        beforeTokenRequest: async () => {
          await signer.refresh();
        },
      },
      config,
    );
  }
  return createOidcProvider({ ...base, ...appleRequest, clientAuthentication: oidc.ClientSecretPost(settings.clientSecret) }, config);
}

/**
 * Where the development provider's client is handed over. The provider is served by the app itself
 * (its routes and an in-process fetch), so its client exists only once the app has mounted it,
 * after the services are built; sign-ins read it at their first use of the provider.
 */
export type DevIdentityProviderSeat = { mount(client: DevIdentityProviderClient): void; client(): DevIdentityProviderClient };

export function createDevIdentityProviderSeat(): DevIdentityProviderSeat {
  let mounted: DevIdentityProviderClient | undefined;
  return {
    mount(client) {
      mounted = client;
    },
    client() {
      if (!mounted) throw new Error('the development identity provider is not mounted on the app');
      return mounted;
    },
  };
}

/** A provider built when a sign-in first needs it (a failed build is tried again next time). */
function createProviderOnFirstUse(id: ProviderId, build: () => IdentityProvider): IdentityProvider {
  let provider: IdentityProvider | undefined;
  const current = () => (provider ??= build());
  return {
    id,
    buildAuthorizationUrl: (request) => current().buildAuthorizationUrl(request),
    verifyCallback: (response, request) => current().verifyCallback(response, request),
  };
}

/** The providers offered, from configuration (docs/product.md#accounts: a provider is offered when configured). */
export function createIdentityProviders(config: Config, dev?: DevIdentityProviderSeat): IdentityProviders {
  const providers = new Map<ProviderId, IdentityProvider>();
  const { x, google, apple } = config.providers;
  if (x) providers.set('x', createXProvider(x, config));
  if (google) {
    providers.set(
      'google',
      createOidcProvider(
        {
          id: 'google',
          issuer: google.issuer,
          clientId: google.clientId,
          clientAuthentication: oidc.ClientSecretBasic(google.clientSecret),
          scope: 'openid email',
          allowInsecureRequests: config.allowInsecureIssuers,
        },
        config,
      ),
    );
  }
  if (apple) providers.set('apple', createAppleProvider(apple, config));
  if (config.providers.dev && dev) {
    providers.set(
      'dev',
      createProviderOnFirstUse('dev', () => {
        const client = dev.client();
        return createOidcProvider(
          {
            id: 'dev',
            issuer: client.issuer,
            clientId: client.clientId,
            clientAuthentication: oidc.ClientSecretBasic(client.clientSecret),
            scope: 'openid email',
            // Each sign-in shows the identity page, so a developer can switch identities.
            extraAuthorizationParameters: { prompt: 'login' },
            // Its requests never leave the process, so an http public URL is no exposure.
            allowInsecureRequests: true,
            fetch: client.fetch,
          },
          config,
        );
      }),
    );
  }
  return {
    enabled: () => providerIds.filter((id) => providers.has(id)),
    isKnown: (id): id is ProviderId => (providerIds as readonly string[]).includes(id),
    get: (id) => providers.get(id),
  };
}
