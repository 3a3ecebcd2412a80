import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { useUserInfoStore } from '../../lib/stores/user-info.ts';
import { paths } from '../../lib/paths.ts';
import { activeTabFor, hidesFloatingMenu } from '../tabs.ts';
import { TabBar } from './tab-bar.tsx';

function renderAt(path: string) {
  render(
    <MemoryRouter initialEntries={[path]}>
      <TabBar />
    </MemoryRouter>,
  );
}

describe('tab bar (docs/product.md#shell)', () => {
  beforeEach(() => useUserInfoStore.getState().resetUserInfo());

  it.each([
    ['/', 'Home'],
    ['/home', 'Home'],
    ['/artist', 'Artists'],
    ['/artist/group/3', 'Artists'],
    ['/film', 'Films'],
    ['/my-page/user-profile', 'My page'],
  ])('highlights the right tab on %s', (path, tabName) => {
    renderAt(path);
    const current = screen.getAllByRole('link').filter((link) => link.getAttribute('aria-current') === 'page');
    expect(current.map((link) => link.textContent)).toEqual([tabName]);
  });

  it('highlights nothing on a page outside the tabs', () => {
    expect(activeTabFor('/notification')).toBeNull();
    renderAt('/notification');
    expect(screen.getAllByRole('link').filter((link) => link.getAttribute('aria-current') === 'page')).toEqual([]);
  });

  it('sends home to /home and my-page to /login when logged out, /my-page when logged in', () => {
    renderAt('/');
    expect(screen.getByRole('link', { name: 'Home' }).getAttribute('href')).toBe('/home');
    expect(screen.getByRole('link', { name: 'Artists' }).getAttribute('href')).toBe('/artist');
    expect(screen.getByRole('link', { name: 'Films' }).getAttribute('href')).toBe('/film');
    expect(screen.getByRole('link', { name: 'My page' }).getAttribute('href')).toBe('/login');
  });

  it('sends my-page to /my-page when logged in', () => {
    useUserInfoStore.getState().setUserInfo({ isActive: true, id: 'u1', hasUnreadNotification: false });
    renderAt('/');
    expect(screen.getByRole('link', { name: 'My page' }).getAttribute('href')).toBe('/my-page');
  });
});

describe('floating + (docs/product.md#shell)', () => {
  it.each([paths.requestProject, paths.createFilm, paths.login, paths.createProject(3), paths.project(3), paths.join, paths.userProfile, paths.inquiry, paths.pointCharge, paths.payment, paths.completedCharge('c-1'), paths.ops, `${paths.ops}/reports`])(
    'stays away from %s: a form, a result, a project or the console',
    (path) => expect(hidesFloatingMenu(path)).toBe(true),
  );

  it.each([paths.home, paths.film, paths.myPage, paths.terms('service'), paths.mediaDetail(4), paths.projectList, paths.notification])('shows on %s', (path) =>
    expect(hidesFloatingMenu(path)).toBe(false),
  );
});
