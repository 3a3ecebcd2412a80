import { http, HttpResponse } from 'msw';
import { api } from './api.ts';

/** Films (docs/product.md#films): no films by default; a test serves its own with `server.use(...)`. */
export const filmsHandlers = [
  http.get(api('/films'), () => HttpResponse.json({ items: [], nextCursor: null })),
  http.get(api('/films/limits'), () => HttpResponse.json({ maxBytes: 200 * 1024 * 1024 })),
];
