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
    const config = loadConfig({ PUBLIC_URL: 'https://orchard.example' });
    expect(config.session.cookieName).toBe('__Host-orchard_session');
    expect(config.session.secureCookie).toBe(true);
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

  it('refuses the development identity provider in production unless explicitly enabled', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/DEV_IDP/);
    expect(loadConfig({ NODE_ENV: 'production', ALLOW_DEV_IDP_IN_PRODUCTION: 'true', ALLOW_SANDBOX_GATEWAY_IN_PRODUCTION: 'true' }).providers.dev).toBe(true);
    expect(loadConfig({ NODE_ENV: 'production', DEV_IDP: 'off', ALLOW_SANDBOX_GATEWAY_IN_PRODUCTION: 'true' }).providers.dev).toBe(false);
  });

  it('refuses the sandbox payment gateway in production unless explicitly allowed, and wants every Toss key', () => {
    const production = { NODE_ENV: 'production', DEV_IDP: 'off' } as const;
    expect(() => loadConfig(production)).toThrow(/PAYMENT_GATEWAY/);
    expect(loadConfig({ ...production, ALLOW_SANDBOX_GATEWAY_IN_PRODUCTION: 'true' }).payments.gateway).toBe('sandbox');
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
