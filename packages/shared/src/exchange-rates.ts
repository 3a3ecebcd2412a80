import { z } from 'zod';
import { currencySchema } from './locale.ts';

/**
 * docs/product.md#currencies: payments are in KRW; USD and JPY are display currencies converted with a
 * configured, dated rate table. `rates[c]` is how many units of `c` one KRW buys; `asOf` is the
 * KST calendar day the rates took effect.
 */
export const exchangeRatesResponseSchema = z.object({
  base: z.literal('KRW'),
  asOf: z.iso.date(),
  rates: z.record(currencySchema, z.number().positive()),
});
export type ExchangeRates = z.infer<typeof exchangeRatesResponseSchema>;
