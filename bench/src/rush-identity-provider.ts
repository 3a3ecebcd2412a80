/**
 * The identity provider of `npm run bench -- rush`: Google's side of a sign-in, on loopback, as small
 * as the protocol allows so that the bench machine's cores go to Orchard rather than to the
 * provider. It speaks what the API's OpenID Connect client uses (discovery, the authorization
 * endpoint, the token endpoint with client_secret_basic and PKCE S256, RS256 ID tokens with the
 * nonce, the JWKS), so the API does all of its real work: the start with state, nonce and PKCE, the
 * code exchange, the signature, issuer, audience, expiry and nonce checks, the account and session
 * writes. The fan's account choice is the `login_hint` the simulated browser adds to the
 * authorization URL; consent is implied.
 */
import { createHash, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';

export type RushIdentityProvider = { issuer: string; clientId: string; clientSecret: string; close(): Promise<void> };

type PendingCode = { subject: string; nonce: string; challenge: string; redirectUri: string; expiresAt: number };

export async function startRushIdentityProvider(): Promise<RushIdentityProvider> {
  const clientId = 'orchard-rush';
  const clientSecret = randomBytes(16).toString('hex');
  const { privateKey, publicKey } = await generateKeyPair('RS256', { extractable: true });
  const jwks = { keys: [{ ...(await exportJWK(publicKey)), kid: 'rush-1', alg: 'RS256', use: 'sig' }] };
  const codes = new Map<string, PendingCode>();
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const json = (response: http.ServerResponse, status: number, body: unknown) =>
    response.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' }).end(JSON.stringify(body));

  server.on('request', (request: http.IncomingMessage, response: http.ServerResponse) => {
    void (async () => {
      const url = new URL(request.url ?? '/', issuer);
      if (url.pathname === '/.well-known/openid-configuration') {
        json(response, 200, {
          issuer,
          authorization_endpoint: `${issuer}/authorize`,
          token_endpoint: `${issuer}/token`,
          jwks_uri: `${issuer}/jwks`,
          response_types_supported: ['code'],
          subject_types_supported: ['public'],
          id_token_signing_alg_values_supported: ['RS256'],
          code_challenge_methods_supported: ['S256'],
          token_endpoint_auth_methods_supported: ['client_secret_basic'],
        });
      } else if (url.pathname === '/jwks') {
        json(response, 200, jwks);
      } else if (url.pathname === '/authorize') {
        const query = url.searchParams;
        const subject = query.get('login_hint');
        const redirectUri = query.get('redirect_uri');
        if (query.get('client_id') !== clientId || !subject || !redirectUri || query.get('code_challenge_method') !== 'S256') {
          json(response, 400, { error: 'invalid_request' });
          return;
        }
        const code = randomBytes(16).toString('base64url');
        codes.set(code, { subject, nonce: query.get('nonce') ?? '', challenge: query.get('code_challenge') ?? '', redirectUri, expiresAt: Date.now() + 60_000 });
        const back = new URL(redirectUri);
        back.searchParams.set('code', code);
        back.searchParams.set('state', query.get('state') ?? '');
        response.writeHead(302, { location: back.href }).end();
      } else if (url.pathname === '/token' && request.method === 'POST') {
        const chunks: Buffer[] = [];
        for await (const chunk of request) chunks.push(chunk as Buffer);
        const form = new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
        const basic = Buffer.from((request.headers.authorization ?? '').replace(/^Basic /, ''), 'base64').toString('utf8');
        const [id, secret] = basic.split(':').map((part) => decodeURIComponent(part));
        const pending = codes.get(form.get('code') ?? '');
        codes.delete(form.get('code') ?? '');
        const verifier = form.get('code_verifier') ?? '';
        if (id !== clientId || secret !== clientSecret) {
          json(response, 401, { error: 'invalid_client' });
          return;
        }
        if (
          !pending ||
          pending.expiresAt < Date.now() ||
          pending.redirectUri !== form.get('redirect_uri') ||
          createHash('sha256').update(verifier).digest('base64url') !== pending.challenge
        ) {
          json(response, 400, { error: 'invalid_grant' });
          return;
        }
        const idToken = await new SignJWT({ nonce: pending.nonce, email: `${pending.subject}@rush.example`, email_verified: true })
          .setProtectedHeader({ alg: 'RS256', kid: 'rush-1' })
          .setIssuer(issuer)
          .setAudience(clientId)
          .setSubject(pending.subject)
          .setIssuedAt()
          .setExpirationTime('5m')
          .sign(privateKey);
        json(response, 200, { access_token: randomBytes(16).toString('base64url'), token_type: 'Bearer', expires_in: 300, id_token: idToken });
      } else {
        json(response, 404, { error: 'not_found' });
      }
    })().catch((error: unknown) => json(response, 500, { error: String(error) }));
  });

  return {
    issuer,
    clientId,
    clientSecret,
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
