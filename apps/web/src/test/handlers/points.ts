import { chargePackages } from '@orchard/shared';
import { http, HttpResponse } from 'msw';
import { api } from './api.ts';
import { receiptFixture, statementFixture } from '../fixtures/receipt.ts';

export const sampleBalances = 123;

export const pointsHandlers = [
  http.get(api('/points/balances'), () =>
    HttpResponse.json({
      orange: { total: 123, purchased: 120, bonus: 3, expiringWithin30Days: 0 },
      berry: { total: 26, purchased: 26, bonus: 0, expiringWithin30Days: 0 },
    }),
  ),
  http.get(api('/points/packages'), () => HttpResponse.json({ krwPerOrange: 100, items: chargePackages })),
  http.get(api('/points/history'), () => HttpResponse.json({ items: [], nextCursor: null })),
  http.get(api('/points/charges/:chargeId/receipt'), () => HttpResponse.json({ receipt: receiptFixture() })),
  http.get(api('/points/statement'), ({ request }) => HttpResponse.json(statementFixture(Number(new URL(request.url).searchParams.get('year'))))),
];
