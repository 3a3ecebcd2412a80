import type { Me } from '@orchard/shared';
import { http, HttpResponse } from 'msw';
import { api } from './api.ts';

export const signedInMe: Me = {
  id: 'user-7',
  nickname: 'mina',
  joinState: 'joined',
  language: 'en',
  currency: 'KRW',
  hasUnreadNotification: false,
  roles: [],
};

export const authHandlers = [
  http.get(api('/auth/me'), () => HttpResponse.json(signedInMe)),
  http.get(api('/auth/providers'), () => HttpResponse.json({ providers: [{ id: 'dev' }] })),
  http.post(api('/auth/logout'), () => new HttpResponse(null, { status: 204 })),
  http.post(api('/auth/logout-everywhere'), () => new HttpResponse(null, { status: 204 })),
];
