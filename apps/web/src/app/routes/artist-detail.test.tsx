import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { useLanguageAndCurrencyStore } from '../../lib/stores/language-and-currency.ts';
import { useRedirectToLoginDialogStore } from '../../lib/stores/redirect-to-login-dialog.ts';
import { useUserInfoStore } from '../../lib/stores/user-info.ts';
import { api } from '../../test/handlers/api.ts';
import { sampleArtists } from '../../test/handlers/artists.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { server } from '../../test/server.ts';
import ArtistDetailPage from './artist-detail.tsx';

const renderArtist = (path: string) => renderWithProviders(<ArtistDetailPage />, { path, route: '/artist/:type/:id' });
const location = () => screen.getByTestId('location').textContent;

describe('artist page', () => {
  beforeEach(() => {
    useLanguageAndCurrencyStore.setState({ language: 'en', currency: 'KRW' });
    useUserInfoStore.getState().resetUserInfo();
    useRedirectToLoginDialogStore.getState().closeRedirectToLoginDialog();
  });

  it('a path with the wrong type goes to the artist\'s own type, replacing it', async () => {
    renderArtist('/artist/solo/1');
    expect(await screen.findByRole('heading', { name: 'LUMINA' })).toBeInTheDocument();
    expect(location()).toBe('/artist/group/1');
  });

  it('an artist that does not exist is not found, once, with no tabs drawn', async () => {
    let requests = 0;
    server.use(
      http.get(api('/artists/:artistId'), () => {
        requests += 1;
        return HttpResponse.json({ error: { code: 'artists.not_found', message: 'x' } }, { status: 404 });
      }),
    );
    renderArtist('/artist/group/999');
    expect(await screen.findByText("We couldn't find this artist.")).toBeInTheDocument();
    expect(screen.queryByRole('tablist')).not.toBeInTheDocument();
    expect(requests).toBe(1);
  });

  it('an id that cannot be an artist is not found without asking', async () => {
    renderArtist('/artist/group/abc');
    expect(await screen.findByText("We couldn't find this artist.")).toBeInTheDocument();
  });

  it('signed out, follow opens the login prompt instead of calling the API', async () => {
    renderArtist('/artist/group/1');
    await userEvent.click(await screen.findByRole('button', { name: 'Follow' }));
    expect(useRedirectToLoginDialogStore.getState().isOpen).toBe(true);
  });

  it('signed in, follow follows and the button says so', async () => {
    useUserInfoStore.getState().setUserInfo({ isActive: true, id: 'user-7', hasUnreadNotification: false });
    const follows: string[] = [];
    let following = false;
    server.use(
      http.get(api('/artists/:artistId'), () => HttpResponse.json({ ...sampleArtists[0]!, following })),
      http.put(api('/users/following-artists/:artistId'), ({ params }) => {
        follows.push(String(params.artistId));
        following = true;
        return HttpResponse.json({ artistId: 1, following: true, followingCount: 2 });
      }),
    );
    renderArtist('/artist/group/1');
    await userEvent.click(await screen.findByRole('button', { name: 'Follow' }));
    expect(await screen.findByRole('button', { name: 'Following' })).toBeInTheDocument();
    expect(follows).toEqual(['1']);
  });
});
