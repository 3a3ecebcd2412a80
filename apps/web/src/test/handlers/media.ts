import { http, HttpResponse } from 'msw';
import { api } from './api.ts';

export const mediaHandlers = [
  http.get(api('/ad-packages'), () => HttpResponse.json({ items: [] })),
  http.get(api('/media'), () => HttpResponse.json({ items: [], nextCursor: null })),
];
