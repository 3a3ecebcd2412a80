import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exchangeRatesResponseSchema } from '@orchard/shared';
import { createTestContext, type TestContext } from '../../../test/harness.ts';
import type { ExchangeRateEntry } from './exchange-rates.config.ts';
import { createExchangeRatesService, ratesInEffect } from './exchange-rates.service.ts';

const table: ExchangeRateEntry[] = [
  { effectiveFrom: '2026-01-01', rates: { KRW: 1, USD: 0.0007, JPY: 0.1 } },
  { effectiveFrom: '2026-06-01', rates: { KRW: 1, USD: 0.0008, JPY: 0.11 } },
];

describe('exchange rates', () => {
  it('uses the newest entry in effect on the day, whatever the table order', () => {
    expect(ratesInEffect(table, '2026-05-31')?.effectiveFrom).toBe('2026-01-01');
    expect(ratesInEffect([...table].reverse(), '2026-06-01')?.effectiveFrom).toBe('2026-06-01');
    expect(ratesInEffect(table, '2025-12-31')).toBeNull();
  });

  it('switches to the new rates at 00:00 KST of their effective day', () => {
    let now = new Date('2026-05-31T14:59:59Z');
    const service = createExchangeRatesService({ table, clock: { now: () => now } });
    expect(service.current()).toEqual({ base: 'KRW', asOf: '2026-01-01', rates: table[0]!.rates });
    now = new Date('2026-05-31T15:00:00Z');
    expect(service.current().asOf).toBe('2026-06-01');
  });

  it('answers 503 before any rate is in effect', () => {
    const service = createExchangeRatesService({ table, clock: { now: () => new Date('2025-06-01T00:00:00Z') } });
    expect(() => service.current()).toThrowError(expect.objectContaining({ statusCode: 503, code: 'unavailable' }));
  });

  describe('GET /api/exchange-rates', () => {
    let t: TestContext;
    beforeAll(async () => {
      t = await createTestContext();
    });
    afterAll(() => t.close());

    it('serves the dated table to anyone, KRW based, in the shared schema', async () => {
      const response = await t.request({ url: '/api/exchange-rates' });
      expect(response.statusCode).toBe(200);
      const body = exchangeRatesResponseSchema.parse(response.json());
      expect(body.base).toBe('KRW');
      expect(body.rates.KRW).toBe(1);
      expect(body.rates.USD).toBeGreaterThan(0);
      expect(body.rates.JPY).toBeGreaterThan(0);
    });

    it('refuses unknown query parameters', async () => {
      const response = await t.request({ url: '/api/exchange-rates?x=1' });
      expect(response.statusCode).toBe(400);
    });
  });
});
