import { http, HttpResponse } from 'msw';
import { api } from './api.ts';

export const joinHandlers = [
  http.post(api('/join/agreements'), () => HttpResponse.json({ joinState: 'artists', termsVersion: '2026-11-01' })),
  http.post(api('/join/complete'), () => HttpResponse.json({ joinState: 'joined', termsVersion: '2026-11-01' })),
];
