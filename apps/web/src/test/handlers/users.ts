import type { UserProfile } from '@orchard/shared';
import { http, HttpResponse } from 'msw';
import { api } from './api.ts';
import { sampleArtists } from './artists.ts';

export const sampleProfile: UserProfile = {
  id: 'user-7',
  nickname: 'mina',
  email: null,
  country: 'KR',
  profileImageUrl: null,
  adInfoConsent: false,
  nightNotificationConsent: false,
  marketingConsent: false,
  identities: [{ provider: 'dev', username: null }],
  xAccount: null,
};

export const usersHandlers = [
  http.get(api('/users/user-profile'), () => HttpResponse.json(sampleProfile)),
  http.patch(api('/users/user-profile'), async ({ request }) => HttpResponse.json({ ...sampleProfile, ...((await request.json()) as object) })),
  http.get(api('/users/nickname-availability'), ({ request }) => {
    const nickname = new URL(request.url).searchParams.get('nickname') ?? '';
    return HttpResponse.json({ nickname, available: true, problem: null });
  }),
  http.put(api('/users/user-profile/picture'), () => HttpResponse.json({ profileImageUrl: '/uploads/picture.webp' })),
  http.get(api('/users/display-info'), () =>
    HttpResponse.json({ id: 'user-7', nickname: 'mina', profileImageUrl: null, language: 'en', currency: 'KRW', followingArtistCount: 1 }),
  ),
  http.get(api('/users/following-artists'), () => HttpResponse.json({ items: sampleArtists.filter((artist) => artist.following) })),
  http.put(api('/users/following-artists/:artistId'), ({ params }) => HttpResponse.json({ artistId: Number(params.artistId), following: true, followingCount: 2 })),
  http.delete(api('/users/following-artists/:artistId'), ({ params }) => HttpResponse.json({ artistId: Number(params.artistId), following: false, followingCount: 0 })),
  http.delete(api('/users/me'), () => new HttpResponse(null, { status: 204 })),
];
