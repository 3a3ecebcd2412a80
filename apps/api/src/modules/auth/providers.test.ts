import { decodeProtectedHeader, exportPKCS8, exportSPKI, generateKeyPair, importSPKI, jwtVerify } from 'jose';
import { describe, expect, it } from 'vitest';
import { createTestContext, testOrigin } from '../../../test/harness.ts';
import { loopbackClient, startLoopbackOidc } from '../../../test/loopback-oidc.ts';
import { loadConfig } from '../../config.ts';
import { callbackUrl, createAppleClientSecretSigner } from './providers.ts';

describe('Apple client secret', () => {
  it('is an ES256 JWT from the team key: iss team, sub client, aud Apple, kid key id', async () => {
    const { privateKey, publicKey } = await generateKeyPair('ES256', { extractable: true });
    const now = new Date('2026-11-22T03:00:00Z');
    const signer = createAppleClientSecretSigner(
      {
        clientId: 'com.orchard.web',
        issuer: 'https://appleid.apple.com',
        signing: { teamId: 'TEAM123456', keyId: 'KEY1234567', privateKey: await exportPKCS8(privateKey) },
      },
      () => now,
    );
    const secret = await signer.refresh();
    expect(signer.current()).toBe(secret);
    expect(decodeProtectedHeader(secret)).toEqual({ alg: 'ES256', kid: 'KEY1234567' });
    const { payload } = await jwtVerify(secret, await importSPKI(await exportSPKI(publicKey), 'ES256'), {
      issuer: 'TEAM123456',
      subject: 'com.orchard.web',
      audience: 'https://appleid.apple.com',
      currentDate: now,
    });
    // Apple accepts at most six months.
    expect(payload.exp! - payload.iat!).toBeLessThanOrEqual(180 * 24 * 3600);
  });

  it('is re-signed before it expires, and reused until then', async () => {
    const { privateKey } = await generateKeyPair('ES256', { extractable: true });
    let now = new Date('2026-11-22T03:00:00Z');
    const signer = createAppleClientSecretSigner(
      { clientId: 'c', issuer: 'https://appleid.apple.com', signing: { teamId: 't', keyId: 'k', privateKey: await exportPKCS8(privateKey) } },
      () => now,
    );
    const first = await signer.refresh();
    now = new Date(now.getTime() + 5 * 60_000);
    expect(await signer.refresh()).toBe(first);
    now = new Date(now.getTime() + 55 * 60_000);
    expect(await signer.refresh()).not.toBe(first);
  });

  it('reads the .p8 key from configuration with escaped newlines', async () => {
    const { privateKey } = await generateKeyPair('ES256', { extractable: true });
    const pem = await exportPKCS8(privateKey);
    const config = loadConfig({
      APPLE_CLIENT_ID: 'c',
      APPLE_TEAM_ID: 't',
      APPLE_KEY_ID: 'k',
      APPLE_PRIVATE_KEY: pem.replace(/\n/g, '\\n'),
    });
    expect(config.providers.apple?.signing?.privateKey).toBe(pem);
    await expect(createAppleClientSecretSigner({ clientId: 'c', issuer: 'https://appleid.apple.com', signing: config.providers.apple!.signing! }).refresh()).resolves.toMatch(/^ey/);
  });
});

describe('callback URLs', () => {
  it('are built from the public URL, never from the request', () => {
    const config = loadConfig({ PUBLIC_URL: 'https://orchard.example', DEV_IDP: 'off', ALLOW_SANDBOX_GATEWAY: 'true' });
    expect(callbackUrl(config, 'apple').href).toBe('https://orchard.example/api/auth/apple/callback');
  });
});

describe('provider availability', () => {
  const googleAt = (issuer: string, extra: Record<string, string> = {}) => ({
    GOOGLE_CLIENT_ID: 'google-client',
    GOOGLE_CLIENT_SECRET: 'g',
    GOOGLE_ISSUER: issuer,
    RATE_LIMIT_SIGN_IN_PER_MINUTE: '10000',
    ...extra,
  });

  it('sends the browser back to /login when the provider cannot be reached, and to it once it can', async () => {
    const op = await startLoopbackOidc({
      clients: [loopbackClient({ clientId: 'google-client', clientSecret: 'g', redirectUri: `${testOrigin}/api/auth/google/callback` })],
    });
    const contexts = [
      await createTestContext({ env: googleAt('http://127.0.0.1:9', { ALLOW_INSECURE_ISSUERS: 'true' }) }),
      // openid-client refuses an http issuer unless ALLOW_INSECURE_ISSUERS says otherwise.
      await createTestContext({ env: googleAt(op.issuer) }),
      await createTestContext({ env: googleAt(op.issuer, { ALLOW_INSECURE_ISSUERS: 'true' }) }),
    ];
    try {
      const [unreachable, insecure, allowed] = await Promise.all(contexts.map((t) => t.request({ url: '/api/auth/google/start' })));
      for (const refused of [unreachable!, insecure!]) {
        expect(refused.statusCode).toBe(302);
        expect(refused.headers.location).toBe('/login?error=auth.provider_error');
        expect(refused.headers['set-cookie']).toBeUndefined();
      }
      expect(allowed!.statusCode).toBe(302);
      expect(new URL(String(allowed!.headers.location)).origin).toBe(op.origin);
    } finally {
      for (const t of contexts) await t.close();
      await op.close();
    }
  });
});
