import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { MemoryRouter, Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { ToastViewport, useToastStore } from '../../../components/ui/toast.tsx';
import { useLanguageAndCurrencyStore } from '../../../lib/stores/language-and-currency.ts';
import { useRedirectToLoginDialogStore } from '../../../lib/stores/redirect-to-login-dialog.ts';
import { useUserInfoStore } from '../../../lib/stores/user-info.ts';
import { api, apiError } from '../../../test/handlers/api.ts';
import { signedInMe } from '../../../test/handlers/auth.ts';
import { createTestQueryClient, LocationProbe } from '../../../test/render.tsx';
import { server } from '../../../test/server.ts';
import { SessionSync } from '../../query-layer.tsx';
import ProtectedLayout from '../../shell/protected-layout.tsx';
import { RedirectToLoginDialog } from '../../shell/redirect-to-login-dialog.tsx';
import UserProfilePage from './user-profile.tsx';

/** The session as the server sees it: signing out (here or everywhere) ends it. */
function serveSession() {
  const session = { active: true, endedBy: [] as string[] };
  server.use(
    http.get(api('/auth/me'), () => (session.active ? HttpResponse.json(signedInMe) : apiError(401, 'auth.unauthenticated'))),
    http.post(api('/auth/logout'), () => {
      session.active = false;
      session.endedBy.push('logout');
      return new HttpResponse(null, { status: 204 });
    }),
    http.post(api('/auth/logout-everywhere'), () => {
      session.active = false;
      session.endedBy.push('logout-everywhere');
      return new HttpResponse(null, { status: 204 });
    }),
  );
  return session;
}

/** The profile page inside the app's own pieces: the session sync, the 401 dialog and the toasts. */
function renderProfilePage() {
  const queryClient = createTestQueryClient(() => {
    useUserInfoStore.getState().resetUserInfo();
    useRedirectToLoginDialogStore.getState().openRedirectToLoginDialog();
  });
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={['/my-page/user-profile']}>
        <SessionSync />
        <Routes>
          <Route path="/" element={<p>home page</p>} />
          <Route element={<ProtectedLayout />}>
            <Route path="/my-page/user-profile" element={<UserProfilePage />} />
          </Route>
        </Routes>
        <RedirectToLoginDialog />
        <ToastViewport closeLabel="Close" />
        <LocationProbe />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('profile page: signing out', () => {
  beforeEach(() => {
    useLanguageAndCurrencyStore.setState({ language: 'en', currency: 'KRW' });
    useRedirectToLoginDialogStore.getState().closeRedirectToLoginDialog();
    useToastStore.setState({ toasts: [] });
    useUserInfoStore.getState().setUserInfo({ isActive: true, id: 'user-7', hasUnreadNotification: false });
  });

  it('log out lands home with a "logged out" toast, and the 401s it causes open no "please log in" dialog', async () => {
    const session = serveSession();
    renderProfilePage();
    await userEvent.click(await screen.findByRole('button', { name: 'Log out' }));
    expect(await screen.findByText("You've logged out.")).toBeVisible();
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/);
    expect(session.endedBy).toEqual(['logout']);
    expect(useUserInfoStore.getState()).toMatchObject({ isActive: false, id: null });
    expect(useRedirectToLoginDialogStore.getState().isOpen).toBe(false);
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('log out on all devices ends every session through its own endpoint, with its own toast', async () => {
    const session = serveSession();
    renderProfilePage();
    await userEvent.click(await screen.findByRole('button', { name: 'Log out on all devices' }));
    await userEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Log out' }));
    expect(await screen.findByText("You've logged out on every device.")).toBeVisible();
    expect(session.endedBy).toEqual(['logout-everywhere']);
    expect(useRedirectToLoginDialogStore.getState().isOpen).toBe(false);
  });

  it('the delete warning counts the points from the points balance', async () => {
    serveSession();
    renderProfilePage();
    await userEvent.click(await screen.findByRole('button', { name: 'Delete account' }));
    expect(await screen.findByText('Your 123 Orange and 26 Berry will be forfeited and cannot be restored.')).toBeVisible();
  });
});
