import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useRedirectToLoginDialogStore } from '../../lib/stores/redirect-to-login-dialog.ts';
import { useUserInfoStore } from '../../lib/stores/user-info.ts';
import { api, apiError } from '../../test/handlers/api.ts';
import { createTestQueryClient, LocationProbe } from '../../test/render.tsx';
import { server } from '../../test/server.ts';
import { connectionRetryDelayMs } from './connection-error.tsx';
import ProtectedLayout from './protected-layout.tsx';

const me = { id: 'user-7', nickname: 'mina', joinState: 'joined', language: 'ko', currency: 'KRW', hasUnreadNotification: true, roles: [] };

function renderProtected(path: string) {
  // The app's own 401 handling: reset userInfo and open the dialog (docs/architecture.md#web).
  const queryClient = createTestQueryClient(() => {
    useUserInfoStore.getState().resetUserInfo();
    useRedirectToLoginDialogStore.getState().openRedirectToLoginDialog();
  });
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route element={<ProtectedLayout />}>
            <Route path="/my-page" element={<p>my page content</p>} />
            <Route path="/join" element={<p>join content</p>} />
          </Route>
        </Routes>
        <LocationProbe />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('protected routes (docs/product.md#shell)', () => {
  beforeEach(() => {
    useRedirectToLoginDialogStore.getState().closeRedirectToLoginDialog();
    useUserInfoStore.getState().setUserInfo({ isActive: true, id: 'stale', hasUnreadNotification: false });
  });

  it('shows a spinner while the auth check loads, then the page, and records the user', async () => {
    server.use(http.get(api('/auth/me'), () => HttpResponse.json(me)));
    renderProtected('/my-page');
    expect(screen.getByRole('status')).toHaveTextContent('Checking your sign-in');
    expect(await screen.findByText('my page content')).toBeInTheDocument();
    expect(useUserInfoStore.getState()).toMatchObject({ isActive: true, id: 'user-7', hasUnreadNotification: true });
  });

  it('opens the redirect dialog and resets userInfo when the auth check answers 401', async () => {
    server.use(http.get(api('/auth/me'), () => apiError(401, 'auth.unauthenticated')));
    renderProtected('/my-page');
    await vi.waitFor(() => expect(useRedirectToLoginDialogStore.getState().isOpen).toBe(true));
    expect(useUserInfoStore.getState()).toMatchObject({ isActive: false, id: null, hasUnreadNotification: false });
    expect(screen.queryByText('my page content')).toBeNull();
  });

  it('an auth check that gets no answer shows a connection error, never the dialog, and recovers by itself once online', async () => {
    let online = false;
    server.use(http.get(api('/auth/me'), () => (online ? HttpResponse.json(me) : HttpResponse.error())));
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderProtected('/my-page');
    expect(await screen.findByRole('alert')).toHaveTextContent("We couldn't reach Orchard");
    expect(screen.getByRole('button', { name: 'Try again' })).toBeEnabled();
    expect(useRedirectToLoginDialogStore.getState().isOpen).toBe(false);
    expect(useUserInfoStore.getState().id).toBe('stale');

    online = true;
    window.dispatchEvent(new Event('online'));
    expect(await screen.findByText('my page content')).toBeInTheDocument();
    expect(useRedirectToLoginDialogStore.getState().isOpen).toBe(false);
  });

  it('online but unanswered (a server too slow), it asks again by itself after a pause', async () => {
    let calls = 0;
    server.use(http.get(api('/auth/me'), () => (++calls === 1 ? HttpResponse.error() : HttpResponse.json(me))));
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderProtected('/my-page');
    await screen.findByRole('alert');
    await vi.advanceTimersByTimeAsync(connectionRetryDelayMs);
    expect(await screen.findByText('my page content')).toBeInTheDocument();
    expect(calls).toBe(2);
  });

  it('the retry button asks again', async () => {
    let calls = 0;
    server.use(http.get(api('/auth/me'), () => (++calls === 1 ? HttpResponse.error() : HttpResponse.json(me))));
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderProtected('/my-page');
    await userEvent.click(await screen.findByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('my page content')).toBeInTheDocument();
    expect(useRedirectToLoginDialogStore.getState().isOpen).toBe(false);
  });

  it('sends an account that has not finished joining to /join, carrying the page it asked for (docs/product.md#accounts)', async () => {
    server.use(http.get(api('/auth/me'), () => HttpResponse.json({ ...me, joinState: 'agreements' })));
    renderProtected('/my-page?tab=likes');
    expect(await screen.findByText('join content')).toBeInTheDocument();
    expect(screen.getByTestId('location').textContent).toBe('/join?next=%2Fmy-page%3Ftab%3Dlikes');
  });
});
