import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { decodeJwt, decodeProtectedHeader, exportJWK, generateKeyPair, importJWK, SignJWT, type JWK, type JWTPayload } from 'jose';
import Provider, { type ClientMetadata } from 'oidc-provider';
import { grantRequestedScopes, providerArtifactTtl } from '../src/modules/auth/dev-identity-provider.ts';
import { createMemoryAdapterFactory } from './oidc-memory-adapter.ts';

/** How a test rewrites the next ID token the token endpoint hands out (docs/quality.md#s5 token-level cases). */
export type IdTokenTampering = (token: { header: Record<string, unknown>; claims: JWTPayload }) => {
  header?: Record<string, unknown>;
  claims?: JWTPayload;
  /**
   * `provider`: the provider's own key; `foreign`: a key it never published (same kid);
   * `none`: `alg: none`, no signature; `stripped`: the RS256 header kept, the signature removed.
   */
  signWith?: 'provider' | 'foreign' | 'none' | 'stripped';
};

export type LoopbackProfile = { email?: string; name?: string; username?: string };

export type LoopbackOidc = {
  issuer: string;
  origin: string;
  provider: Provider;
  /** The next token response's ID token is rewritten by this function, once. */
  tamperNextIdToken(tampering: IdTokenTampering): void;
  close(): Promise<void>;
};

export const loopbackClient = (options: {
  clientId: string;
  clientSecret: string;
  redirectUri: string;
  authMethod?: 'client_secret_basic' | 'client_secret_post';
}): ClientMetadata => ({
  client_id: options.clientId,
  client_secret: options.clientSecret,
  redirect_uris: [options.redirectUri],
  response_types: ['code'],
  grant_types: ['authorization_code'],
  token_endpoint_auth_method: options.authMethod ?? 'client_secret_basic',
});

const base64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

async function readBody(request: http.IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * A real OpenID provider (oidc-provider) on 127.0.0.1 with a random port, playing Google, Apple
 * or X for the tests (docs/architecture.md#testing). Its login page takes the identity to sign in
 * as (`subject`, optional `email`, `name`, `username`); consent is implied. `/2/users/me` answers
 * like X's endpoint for an access token this provider issued.
 */
export async function startLoopbackOidc(options: { clients: ClientMetadata[] }): Promise<LoopbackOidc> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const signingJwk: JWK = { ...(await exportJWK(privateKey)), kid: 'loopback-1', alg: 'RS256', use: 'sig' };
  const profiles = new Map<string, LoopbackProfile>();
  let tampering: IdTokenTampering | undefined;

  const provider = new Provider(origin, {
    adapter: createMemoryAdapterFactory(),
    clients: options.clients,
    jwks: { keys: [signingJwk] },
    cookies: { keys: ['loopback-cookie-key'] },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    scopes: ['openid', 'email', 'profile', 'name', 'users.read', 'tweet.read'],
    pkce: { required: () => true },
    ttl: providerArtifactTtl,
    features: { devInteractions: { enabled: false }, rpInitiatedLogout: { enabled: false } },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    loadExistingGrant: grantRequestedScopes,
    findAccount: (_ctx, subject) => ({
      accountId: subject,
      claims: () => {
        const profile = profiles.get(subject) ?? {};
        return { sub: subject, ...(profile.email ? { email: profile.email, email_verified: true } : {}), name: profile.name };
      },
    }),
    renderError: (ctx, out) => {
      ctx.type = 'json';
      ctx.body = out;
    },
  });

  provider.use(async (ctx, next) => {
    await next();
    const body = ctx.body as { id_token?: string } | undefined;
    if (ctx.path !== '/token' || ctx.status !== 200 || !tampering || !body?.id_token) return;
    const rewrite = tampering;
    tampering = undefined;
    const original = { header: decodeProtectedHeader(body.id_token) as Record<string, unknown>, claims: decodeJwt(body.id_token) };
    const change = rewrite(original);
    const header = change.header ?? original.header;
    const claims = change.claims ?? original.claims;
    const signWith = change.signWith ?? 'provider';
    if (signWith === 'none') {
      body.id_token = `${base64url({ ...header, alg: 'none' })}.${base64url(claims)}.`;
      return;
    }
    if (signWith === 'stripped') {
      body.id_token = `${body.id_token.split('.').slice(0, 2).join('.')}.`;
      return;
    }
    const key = signWith === 'provider' ? await importJWK(signingJwk, 'RS256') : (await generateKeyPair('RS256')).privateKey;
    body.id_token = await new SignJWT(claims)
      .setProtectedHeader({ ...header, alg: 'RS256', kid: signingJwk.kid })
      .sign(key);
  });

  const handleProvider = provider.callback();
  server.on('request', (request: http.IncomingMessage, response: http.ServerResponse) => {
    void (async () => {
      const url = new URL(request.url ?? '/', origin);
      const interaction = /^\/interaction\/([\w-]+)(\/login)?$/.exec(url.pathname);
      if (url.pathname === '/2/users/me') {
        const token = /^Bearer (.+)$/i.exec(request.headers.authorization ?? '')?.[1];
        const accessToken = token ? await provider.AccessToken.find(token) : undefined;
        if (!accessToken || accessToken.isExpired) {
          response.writeHead(401, { 'content-type': 'application/json' }).end(JSON.stringify({ title: 'Unauthorized' }));
          return;
        }
        const profile = profiles.get(accessToken.accountId) ?? {};
        response.writeHead(200, { 'content-type': 'application/json' }).end(
          JSON.stringify({ data: { id: accessToken.accountId, name: profile.name ?? 'Test', username: profile.username ?? accessToken.accountId } }),
        );
        return;
      }
      if (interaction && request.method === 'POST' && interaction[2]) {
        const form = new URLSearchParams(await readBody(request));
        const subject = form.get('subject') ?? '';
        profiles.set(subject, {
          email: form.get('email') ?? undefined,
          name: form.get('name') ?? undefined,
          username: form.get('username') ?? undefined,
        });
        await provider.interactionFinished(request, response, { login: { accountId: subject } }, { mergeWithLastSubmission: false });
        return;
      }
      if (interaction && request.method === 'GET') {
        response.writeHead(200, { 'content-type': 'text/html' }).end(`<form method="post" action="${url.pathname}/login"></form>`);
        return;
      }
      await handleProvider(request, response);
    })().catch((error: unknown) => {
      response.writeHead(500).end(String(error));
    });
  });

  return {
    issuer: origin,
    origin,
    provider,
    tamperNextIdToken(next) {
      tampering = next;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
