import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { useRedirectToLoginDialogStore } from '../../lib/stores/redirect-to-login-dialog.ts';
import { LocationProbe } from '../../test/render.tsx';
import { RedirectToLoginDialog } from './redirect-to-login-dialog.tsx';

function renderAt(path: string) {
  render(
    <MemoryRouter initialEntries={[path]}>
      <RedirectToLoginDialog />
      <LocationProbe />
    </MemoryRouter>,
  );
  useRedirectToLoginDialogStore.getState().openRedirectToLoginDialog();
}

const location = () => screen.getByTestId('location').textContent;

describe('redirect-to-login dialog (docs/product.md#shell)', () => {
  beforeEach(() => useRedirectToLoginDialogStore.getState().closeRedirectToLoginDialog());

  it('yes goes to /login, coming back to the page with its query, and closes', async () => {
    renderAt('/artist?tab=films');
    await userEvent.click(await screen.findByRole('button', { name: 'Yes' }));
    expect(location()).toBe('/login?next=%2Fartist%3Ftab%3Dfilms');
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(useRedirectToLoginDialogStore.getState().isOpen).toBe(false);
  });

  it.each(['/request-project', '/create-project/42', '/my-page', '/my-page/user-profile'])('no on %s closes and goes to /home', async (path) => {
    renderAt(path);
    await userEvent.click(await screen.findByRole('button', { name: 'No' }));
    expect(location()).toBe('/home');
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it.each(['/artist', '/film', '/project/3'])('no on %s only closes', async (path) => {
    renderAt(path);
    await userEvent.click(await screen.findByRole('button', { name: 'No' }));
    expect(location()).toBe(path);
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });
});
