import type { ArtistRankings } from '@orchard/shared';
import { http, HttpResponse } from 'msw';
import { api } from './api.ts';

/** A month with no figures yet: the default ranking answer. */
export const emptyRankings: ArtistRankings = { period: '2026-11', items: [] };

/**
 * Discovery's lists as a screen sees them by default: no public project yet, and a ranking with
 * no artist this month. Tests give the lists they are about with `server.use(...)`.
 */
export const discoveryHandlers = [
  http.get(api('/projects'), () => HttpResponse.json({ items: [], nextCursor: null })),
  http.get(api('/rankings/artists'), () => HttpResponse.json(emptyRankings)),
];
