import { http, HttpResponse } from 'msw';
import { api } from './api.ts';

export const communityHandlers = [
  http.get(api('/projects/:projectId/comments'), () => HttpResponse.json({ items: [], nextCursor: null })),
  http.get(api('/operator/reports'), () => HttpResponse.json({ items: [], nextCursor: null })),
];
