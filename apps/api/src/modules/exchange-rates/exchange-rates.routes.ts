import { exchangeRatesResponseSchema } from '@orchard/shared';
import { emptyQuerySchema, errorResponses } from '../../lib/schemas.ts';
import type { App } from '../../types.ts';
import type { ExchangeRatesService } from './exchange-rates.service.ts';

export function registerExchangeRatesRoutes(app: App, { exchangeRates }: { exchangeRates: ExchangeRatesService }) {
  // docs/product.md#currencies: the dated display-currency rate table the web app formats amounts with.
  app.get(
    '/api/exchange-rates',
    {
      config: { access: 'public' },
      schema: { tags: ['exchange-rates'], querystring: emptyQuerySchema, response: { 200: exchangeRatesResponseSchema, ...errorResponses(503) } },
    },
    async () => exchangeRates.current(),
  );
}
