import { http, HttpResponse } from 'msw';
import { projectFixture } from '../fixtures/project.ts';
import { api } from './api.ts';
import { sampleArtists } from './artists.ts';

/** Projects a search can find: one funding, one whose funding ended and whose ad has run. */
export const sampleSearchProjects = [
  projectFixture({ id: 101, title: 'LUMINA subway screen', status: 'funding' }),
  projectFixture({ id: 102, title: 'LUMINA debut anniversary', status: 'awarded', closesAt: null }),
];

/** `GET /api/search`: what names or titles contain the text, without regard to case (the server folds much more). */
export const searchHandlers = [
  http.get(api('/search'), ({ request }) => {
    const text = new URL(request.url).searchParams.get('q')?.toLowerCase() ?? '';
    return HttpResponse.json({
      artists: sampleArtists.filter((artist) => Object.values(artist.names).some((name) => name.toLowerCase().includes(text))),
      projects: sampleSearchProjects.filter((project) => (project.title ?? '').toLowerCase().includes(text)),
    });
  }),
];
