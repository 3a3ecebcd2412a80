import fs from 'node:fs';
import path from 'node:path';
import { parseEnv } from 'node:util';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('configuration', () => {
  it('defaults to the embedded database on port 3000 with the development sign-in', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.dataDir.endsWith('/data')).toBe(true);
    expect(config.publicUrl.origin).toBe('http://localhost:3000');
    expect(config.providers.dev).toBe(true);
    expect(config.session.cookieName).toBe('orchard_session');
  });

  it('uses a __Host- Secure cookie when served over https', () => {
    const config = loadConfig({ PUBLIC_URL: 'https://orchard.example', DEV_IDP: 'off', ALLOW_SANDBOX_GATEWAY: 'true' });
    expect(config.session.cookieName).toBe('__Host-orchard_session');
    expect(config.session.secureCookie).toBe(true);
  });

  it('drains for 5 s on SIGTERM in production and not at all elsewhere, unless SHUTDOWN_DRAIN_MS says (decision 084)', () => {
    expect(loadConfig({ NODE_ENV: 'production', PUBLIC_URL: 'http://localhost:3000' }).shutdownDrainMs).toBe(5000);
    expect(loadConfig({ NODE_ENV: 'test' }).shutdownDrainMs).toBe(0);
    expect(loadConfig({ SHUTDOWN_DRAIN_MS: '' }).shutdownDrainMs).toBe(0);
    expect(loadConfig({ NODE_ENV: 'production', PUBLIC_URL: 'http://localhost:3000', SHUTDOWN_DRAIN_MS: '250' }).shutdownDrainMs).toBe(250);
    expect(() => loadConfig({ SHUTDOWN_DRAIN_MS: 'soon' })).toThrow(/SHUTDOWN_DRAIN_MS/);
  });

  it('names the development merchant on receipts unless MERCHANT_* say otherwise (decision 105)', () => {
    expect(loadConfig({}).merchant).toEqual({ name: 'Orchard (development)', businessNumber: '000-00-00000', address: 'Seoul, Republic of Korea (development address)' });
    expect(loadConfig({ MERCHANT_NAME: ' 오차드 ', MERCHANT_BUSINESS_NUMBER: '', MERCHANT_ADDRESS: '서울' }).merchant).toEqual({ name: '오차드', businessNumber: '000-00-00000', address: '서울' });
  });

  it('lists every bad setting in one readable error', () => {
    try {
      loadConfig({ PORT: 'eighty', LOG_LEVEL: 'loud', PUBLIC_URL: 'not a url' });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      const message = (error as ConfigError).message;
      expect(message).toContain('PORT');
      expect(message).toContain('LOG_LEVEL');
      expect(message).toContain('PUBLIC_URL');
    }
  });

  it('refuses the development identity provider off loopback whatever NODE_ENV says, unless explicitly allowed', () => {
    const offLoopback = { PUBLIC_URL: 'https://orchard.example', ALLOW_SANDBOX_GATEWAY: 'true' };
    for (const NODE_ENV of [undefined, 'development', 'test', 'production']) {
      expect(() => loadConfig({ ...offLoopback, ...(NODE_ENV ? { NODE_ENV } : {}) })).toThrow(/DEV_IDP/);
    }
    expect(loadConfig({ ...offLoopback, ALLOW_DEV_IDP: 'true' }).providers.dev).toBe(true);
    expect(loadConfig({ ...offLoopback, ALLOW_DEV_IDP_IN_PRODUCTION: 'true' }).providers.dev).toBe(true);
    expect(loadConfig({ ...offLoopback, DEV_IDP: 'off' }).providers.dev).toBe(false);
    for (const PUBLIC_URL of ['http://localhost:3000', 'http://127.0.0.1:3999', 'http://[::1]:8080', 'http://app.localhost']) {
      expect(loadConfig({ NODE_ENV: 'production', PUBLIC_URL }).providers.dev).toBe(true);
    }
    expect(() => loadConfig({ PUBLIC_URL: 'http://192.168.0.10:3000', ALLOW_SANDBOX_GATEWAY: 'true' })).toThrow(/DEV_IDP/);
    expect(() => loadConfig({ PUBLIC_URL: 'http://localhost.evil.example', ALLOW_SANDBOX_GATEWAY: 'true' })).toThrow(/DEV_IDP/);
  });

  it('refuses both on a listener beyond loopback whatever PUBLIC_URL says, unless explicitly allowed (decision 086)', () => {
    // The image's HOST with a PUBLIC_URL that passes the origin check: a foreign Host header reaches it.
    const everyInterface = { HOST: '0.0.0.0', PUBLIC_URL: 'http://localhost:3000' };
    for (const HOST of ['0.0.0.0', '::', '192.168.0.10', 'orchard.example']) {
      expect(() => loadConfig({ ...everyInterface, HOST, ALLOW_SANDBOX_GATEWAY: 'true' })).toThrow(/DEV_IDP: .*HOST \(.+\) listens beyond loopback/);
      expect(() => loadConfig({ ...everyInterface, HOST, DEV_IDP: 'off' })).toThrow(/PAYMENT_GATEWAY: .*HOST \(.+\) listens beyond loopback/);
    }
    expect(loadConfig({ ...everyInterface, ALLOW_DEV_IDP: 'true', ALLOW_SANDBOX_GATEWAY: 'true' })).toMatchObject({ providers: { dev: true }, payments: { gateway: 'sandbox' } });
    for (const HOST of ['localhost', '127.0.0.1', '::1', '[::1]']) {
      expect(loadConfig({ ...everyInterface, HOST })).toMatchObject({ host: HOST, providers: { dev: true }, payments: { gateway: 'sandbox' } });
    }
  });

  it('wants PUBLIC_URL in production, and leaves the sample data out there unless asked for (decision 086)', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/PUBLIC_URL: required with NODE_ENV=production/);
    expect(() => loadConfig({ NODE_ENV: 'production', PUBLIC_URL: ' ' })).toThrow(/PUBLIC_URL: required/);
    const production = { NODE_ENV: 'production', PUBLIC_URL: 'http://localhost:3000' } as const;
    expect(loadConfig(production).seedSampleData).toBe(false);
    expect(loadConfig({ ...production, SEED_SAMPLE_DATA: '' }).seedSampleData).toBe(false);
    expect(loadConfig({ ...production, SEED_SAMPLE_DATA: 'true' }).seedSampleData).toBe(true);
    for (const NODE_ENV of [undefined, 'development', 'test']) {
      const environment = NODE_ENV ? { NODE_ENV } : {};
      expect(loadConfig(environment).seedSampleData).toBe(true);
      expect(loadConfig({ ...environment, SEED_SAMPLE_DATA: 'false' }).seedSampleData).toBe(false);
    }
    expect(() => loadConfig({ SEED_SAMPLE_DATA: 'maybe' })).toThrow(/SEED_SAMPLE_DATA/);
  });

  it('refuses the sandbox payment gateway off loopback whatever NODE_ENV says unless explicitly allowed, and wants every Toss key', () => {
    const offLoopback = { PUBLIC_URL: 'https://orchard.example', DEV_IDP: 'off' } as const;
    expect(() => loadConfig(offLoopback)).toThrow(/PAYMENT_GATEWAY/);
    expect(() => loadConfig({ ...offLoopback, NODE_ENV: 'development' })).toThrow(/PAYMENT_GATEWAY/);
    expect(loadConfig({ ...offLoopback, ALLOW_SANDBOX_GATEWAY: 'true' }).payments.gateway).toBe('sandbox');
    expect(loadConfig({ NODE_ENV: 'production', DEV_IDP: 'off', PUBLIC_URL: 'http://127.0.0.1:3999' }).payments.gateway).toBe('sandbox');
    const production = { ...offLoopback, NODE_ENV: 'production' } as const;
    expect(() => loadConfig({ ...production, PAYMENT_GATEWAY: 'toss', TOSS_SECRET_KEY: 'sk' })).toThrow(/TOSS_CLIENT_KEY/);
    const toss = loadConfig({
      ...production,
      PAYMENT_GATEWAY: 'toss',
      TOSS_SECRET_KEY: 'sk',
      TOSS_CLIENT_KEY: 'ck',
      TOSS_WEBHOOK_SECRET: 'wh',
    }).payments;
    expect(toss).toMatchObject({ gateway: 'toss', timeoutMs: 10_000, toss: { apiUrl: 'https://api.tosspayments.com' } });
  });

  it('turns the development provider off once a real provider is configured', () => {
    const config = loadConfig({ GOOGLE_CLIENT_ID: 'id', GOOGLE_CLIENT_SECRET: 'secret' });
    expect(config.providers.google?.clientId).toBe('id');
    expect(config.providers.dev).toBe(false);
  });

  it('asks for the Apple signing key when Apple is configured without one', () => {
    expect(() => loadConfig({ APPLE_CLIENT_ID: 'com.example' })).toThrow(/APPLE_PRIVATE_KEY/);
  });

  it('keeps files in DATA_DIR by default, and refuses FILE_STORAGE=s3 without a bucket (decision 079)', () => {
    expect(loadConfig({}).fileStorage).toEqual({ kind: 'local' });
    expect(() => loadConfig({ FILE_STORAGE: 's3' })).toThrow(/FILE_STORAGE=s3: set S3_BUCKET/);
    expect(loadConfig({ FILE_STORAGE: 's3', S3_BUCKET: 'orchard', S3_ENDPOINT: 'http://minio:9000', S3_FORCE_PATH_STYLE: 'true' }).fileStorage).toEqual({
      kind: 's3',
      bucket: 'orchard',
      region: 'us-east-1',
      endpoint: 'http://minio:9000',
      forcePathStyle: true,
    });
  });

  it('accepts .env.example as it is, and it and the README document every setting', () => {
    const example = fs.readFileSync(path.resolve(import.meta.dirname, '../../../.env.example'), 'utf8');
    const environment = parseEnv(example) as Record<string, string>;
    expect(() => loadConfig(environment)).not.toThrow();
    const source = fs.readFileSync(path.resolve(import.meta.dirname, 'config.ts'), 'utf8');
    const settings = [...source.matchAll(/^ {2}([A-Z][A-Z0-9_]+): /gm)].map((match) => match[1]);
    expect(settings.length).toBeGreaterThan(20);
    const readme = fs.readFileSync(path.resolve(import.meta.dirname, '../../../README.md'), 'utf8');
    for (const setting of settings) {
      expect(Object.keys(environment), setting).toContain(setting);
      expect(readme, `README documents ${setting}`).toContain(`\`${setting}\``);
    }
  });
});
