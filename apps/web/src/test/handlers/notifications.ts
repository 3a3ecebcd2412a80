import { http, HttpResponse } from 'msw';
import { api } from './api.ts';

export const notificationsHandlers = [http.get(api('/notifications'), () => HttpResponse.json({ items: [], nextCursor: null }))];
