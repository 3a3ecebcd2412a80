import type { IncomingMessage } from 'node:http';
import formbody from '@fastify/formbody';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import Provider, { type KoaContextWithOIDC } from 'oidc-provider';
import type { CustomFetch } from 'openid-client';
import { z } from 'zod';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { inProcessRemoteAddress } from '../../lib/in-process.ts';
import type { App } from '../../types.ts';
import { createDatabaseAdapterFactory, sharedDevIdentityProviderKeys } from './oidc-database-adapter.ts';

export const devIdentityProviderPrefix = '/dev-idp';
const devClientId = 'orchard-web';

/** What the app needs to sign in at the development identity provider like any OIDC provider. */
export type DevIdentityProviderClient = {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** The provider lives in this process: its discovery, token and key requests never leave it. */
  fetch: CustomFetch;
};

/**
 * Consent is implied for the provider's own first-party client: every requested scope is granted
 * once the person has signed in, so the flow has no consent page.
 */
export async function grantRequestedScopes(ctx: KoaContextWithOIDC) {
  const { oidc } = ctx;
  const accountId = oidc.session?.accountId;
  if (!accountId || !oidc.client) return undefined;
  const existingGrantId = oidc.result?.consent?.grantId ?? oidc.session?.grantIdFor(oidc.client.clientId);
  const grant = (existingGrantId ? await oidc.provider.Grant.find(existingGrantId) : undefined) ??
    new oidc.provider.Grant({ clientId: oidc.client.clientId, accountId });
  const requested = oidc.params?.scope;
  if (typeof requested === 'string') grant.addOIDCScope(requested);
  grant.addOIDCClaims(['email', 'email_verified', 'name']);
  await grant.save();
  return grant;
}

/** Seconds each provider artifact lives; sign-ins take minutes and nothing here is long-lived. */
export const providerArtifactTtl = {
  AuthorizationCode: 60,
  AccessToken: 600,
  IdToken: 600,
  Interaction: 600,
  Grant: 3600,
  Session: 3600,
};

type RawRequestWithMount = IncomingMessage & { originalUrl?: string };

/**
 * oidc-provider builds its URLs from the request; pin them to the public origin whatever Host or
 * X-Forwarded-* headers a client sent (the provider is told to trust these headers).
 */
function pinToPublicOrigin(raw: RawRequestWithMount, publicUrl: URL) {
  raw.headers.host = publicUrl.host;
  raw.headers['x-forwarded-proto'] = publicUrl.protocol.replace(':', '');
  delete raw.headers['x-forwarded-host'];
  return raw;
}

/**
 * Every sign-in at the development provider starts without its previous session, so a developer
 * can type another identity (oidc-provider would otherwise first end the old identity's session).
 */
function forgetProviderSession(raw: IncomingMessage) {
  const cookie = raw.headers.cookie;
  if (!cookie) return;
  raw.headers.cookie = cookie
    .split(';')
    .filter((pair) => !/^\s*_session(\.legacy)?(\.sig)?=/.test(pair))
    .join(';');
}

const interactionParamsSchema = z.strictObject({ uid: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/) });
const devLoginBodySchema = z.strictObject({
  subject: z.string().trim().min(1).max(64),
  email: z.string().trim().max(254).optional(),
});

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!);

/** No inline script or style: the page lives under the app's own CSP (docs/quality.md#s7). */
function loginPage(uid: string) {
  const action = `${devIdentityProviderPrefix}/interaction/${escapeHtml(uid)}/login`;
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Development sign-in</title></head>
<body>
<main>
<h1>Development sign-in</h1>
<p>This identity provider exists for development and tests only. Type any identity to sign in as it.</p>
<form method="post" action="${action}">
<p><label for="subject">Test identity</label><br><input id="subject" name="subject" type="text" required maxlength="64" autocomplete="off" autofocus></p>
<p><label for="email">Email (optional)</label><br><input id="email" name="email" type="email" maxlength="254" autocomplete="off"></p>
<p><button type="submit">Sign in</button></p>
</form>
</main>
</body>
</html>`;
}

const expiredPage = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Development sign-in</title></head>
<body><main><h1>This sign-in has expired</h1><p><a href="/login">Start again</a></p></main></body></html>`;

/**
 * docs/product.md#accounts: a real OpenID Connect provider for development and tests, mounted in this
 * process under /dev-idp, so the app's sign-in runs the full code flow (state, nonce, PKCE,
 * ID-token signature) against it exactly as against Google. Anyone may type any identity.
 */
export async function registerDevIdentityProvider(app: App, config: Config, db: Db): Promise<DevIdentityProviderClient> {
  const issuer = `${config.publicUrl.origin}${devIdentityProviderPrefix}`;
  // Everything the flow needs is in the database, shared by every API process (decision 080).
  const { clientSecret, signingKey, cookieKey } = await sharedDevIdentityProviderKeys(db);
  const adapterFactory = createDatabaseAdapterFactory(db);
  // The e-mail typed at the login form, read when the ID token is made (maybe on another process).
  const emails = adapterFactory('DevEmail');

  const provider = new Provider(issuer, {
    adapter: adapterFactory,
    clients: [
      {
        client_id: devClientId,
        client_secret: clientSecret,
        redirect_uris: [new URL('/api/auth/dev/callback', config.publicUrl).href],
        response_types: ['code'],
        grant_types: ['authorization_code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    jwks: { keys: [signingKey] },
    cookies: { keys: [cookieKey] },
    claims: { openid: ['sub'], email: ['email', 'email_verified'] },
    scopes: ['openid', 'email'],
    pkce: { required: () => true },
    ttl: providerArtifactTtl,
    features: { devInteractions: { enabled: false }, rpInitiatedLogout: { enabled: false } },
    interactions: { url: (_ctx, interaction) => `${devIdentityProviderPrefix}/interaction/${interaction.uid}` },
    loadExistingGrant: grantRequestedScopes,
    findAccount: (_ctx, subject) => ({
      accountId: subject,
      claims: async () => {
        const email = (await emails.find(subject))?.email;
        return typeof email === 'string' ? { sub: subject, email, email_verified: true } : { sub: subject };
      },
    }),
  });
  provider.proxy = true;
  const handleProviderRequest = provider.callback();

  await app.register(async (scope) => {
    // oidc-provider reads its own request bodies: Fastify must leave the stream untouched.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, _payload, done) => done(null));
    scope.all(
      `${devIdentityProviderPrefix}/*`,
      // In the sign-in bucket: every browser request here is part of signing in (decision 031).
      { config: { access: 'public', csrf: false, rateLimitBucket: 'sign_in' }, schema: { hide: true } },
      async (request, reply) => {
        reply.hijack();
        const raw = pinToPublicOrigin(request.raw, config.publicUrl);
        raw.originalUrl = raw.url;
        raw.url = raw.url!.slice(devIdentityProviderPrefix.length) || '/';
        if (new URL(raw.url, issuer).pathname === '/auth') forgetProviderSession(raw);
        await handleProviderRequest(raw, reply.raw);
      },
    );
  });

  await app.register(async (plugin) => {
    await plugin.register(formbody);
    const scope = plugin.withTypeProvider<ZodTypeProvider>();
    scope.get(
      `${devIdentityProviderPrefix}/interaction/:uid`,
      { config: { access: 'public' }, schema: { hide: true, params: interactionParamsSchema } },
      async (request, reply) => {
        const details = await provider
          .interactionDetails(pinToPublicOrigin(request.raw, config.publicUrl), reply.raw)
          .catch(() => undefined);
        reply.header('Cache-Control', 'no-store').type('text/html; charset=utf-8');
        if (!details || details.uid !== request.params.uid) return reply.code(400).send(expiredPage);
        return reply.send(loginPage(details.uid));
      },
    );
    scope.post(
      `${devIdentityProviderPrefix}/interaction/:uid/login`,
      {
        // The provider's own form: it is bound to the browser by the provider's interaction cookie.
        config: { access: 'public', csrf: false, rateLimitBucket: 'sign_in' },
        schema: { hide: true, params: interactionParamsSchema, body: devLoginBodySchema },
      },
      async (request, reply) => {
        const raw = pinToPublicOrigin(request.raw, config.publicUrl);
        const details = await provider.interactionDetails(raw, reply.raw).catch(() => undefined);
        if (!details || details.uid !== request.params.uid) {
          return reply.code(400).header('Cache-Control', 'no-store').type('text/html; charset=utf-8').send(expiredPage);
        }
        const { subject, email } = request.body;
        if (email) await emails.upsert(subject, { email }, providerArtifactTtl.Session);
        else await emails.destroy(subject);
        const resumeUrl = await provider.interactionResult(raw, reply.raw, { login: { accountId: subject } }, {
          mergeWithLastSubmission: false,
        });
        return reply.redirect(resumeUrl, 303);
      },
    );
  });

  return {
    issuer,
    clientId: devClientId,
    clientSecret,
    fetch: createInProcessFetch(app, config.publicUrl),
  };
}

const bodylessStatuses = new Set([101, 204, 205, 304]);

/** A fetch that answers requests to the development provider from this very app, without a socket. */
function createInProcessFetch(app: App, publicUrl: URL): CustomFetch {
  return async (url, options) => {
    const target = new URL(url);
    if (target.origin !== publicUrl.origin || !target.pathname.startsWith(`${devIdentityProviderPrefix}/`)) {
      throw new Error(`the development identity provider does not serve ${target.href}`);
    }
    const body = options.body;
    const payload =
      body === undefined || body === null
        ? undefined
        : typeof body === 'string'
          ? body
          : body instanceof URLSearchParams
            ? body.toString()
            : body instanceof ArrayBuffer || ArrayBuffer.isView(body)
              ? Buffer.from(body as ArrayBuffer)
              : undefined;
    const response = await app.inject({
      method: options.method as 'GET',
      url: `${target.pathname}${target.search}`,
      headers: { ...options.headers, host: target.host },
      remoteAddress: inProcessRemoteAddress,
      payload,
    });
    const headers = new Headers();
    for (const [name, value] of Object.entries(response.headers)) {
      if (Array.isArray(value)) value.forEach((item) => headers.append(name, item));
      else if (value !== undefined) headers.set(name, String(value));
    }
    return new Response(bodylessStatuses.has(response.statusCode) ? null : response.rawPayload, {
      status: response.statusCode,
      headers,
    });
  };
}
