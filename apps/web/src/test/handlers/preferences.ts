import { http, HttpResponse } from 'msw';
import { api } from './api.ts';

export const preferencesHandlers = [
  http.patch(api('/users/user-profile/currency-and-language'), async ({ request }) => HttpResponse.json(await request.json())),
  http.get(api('/exchange-rates'), () => HttpResponse.json({ base: 'KRW', asOf: '2026-11-01', rates: { KRW: 1, USD: 0.00071, JPY: 0.1082 } })),
];
