import type { Artist } from '@orchard/shared';
import { http, HttpResponse } from 'msw';
import { api, apiError } from './api.ts';

const names = (en: string, ko: string) => ({ ko, en, zh: en, ja: en, es: en });

export const sampleArtists: Artist[] = [
  { id: 1, type: 'group', names: names('LUMINA', '루미나'), imageUrl: null, members: [{ id: 11, names: names('Ara', '아라') }], following: false },
  { id: 2, type: 'solo', names: names('Stella Nova', '스텔라 노바'), imageUrl: null, members: [], following: false },
  { id: 3, type: 'solo', names: names('Haneul', '하늘'), imageUrl: null, members: [], following: true },
];

export const artistsHandlers = [
  http.get(api('/artists'), ({ request }) => {
    const search = new URL(request.url).searchParams.get('q')?.toLowerCase() ?? '';
    return HttpResponse.json({ items: sampleArtists.filter((artist) => artist.names.en.toLowerCase().includes(search)), nextCursor: null });
  }),
  http.get(api('/artists/:artistId'), ({ params }) => {
    const artist = sampleArtists.find((candidate) => String(candidate.id) === params.artistId);
    return artist ? HttpResponse.json(artist) : apiError(404, 'artists.not_found');
  }),
];
