import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link, MemoryRouter, Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { LocationProbe } from '../../test/render.tsx';
import { paths } from '../../lib/paths.ts';
import { PageFrame } from './page-frame.tsx';

function renderApp(initialEntries: string[], initialIndex?: number) {
  render(
    <MemoryRouter initialEntries={initialEntries} initialIndex={initialIndex}>
      <Routes>
        <Route path="/" element={<p>home</p>} />
        <Route
          path="/artist"
          element={
            <Link to={paths.artist('group', 1)} className="x">
              LUMINA
            </Link>
          }
        />
        <Route path="/artist/:type/:id" element={<PageFrame title="Artist">artist page</PageFrame>} />
      </Routes>
      <LocationProbe />
    </MemoryRouter>,
  );
}

describe('the in-app back arrow', () => {
  it('on a deep link opened in a new tab, goes home instead of leaving the app', async () => {
    // The tab's history holds the new-tab page before the app's first entry (key "default").
    window.history.pushState(null, '', '/artist/group/1');
    expect(window.history.length).toBeGreaterThan(1);
    renderApp(['/artist/group/1']);
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/);
  });

  it('after moving inside the app, goes back to the previous screen', async () => {
    renderApp(['/artist']);
    await userEvent.click(screen.getByRole('link', { name: 'LUMINA' }));
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/artist');
  });
});
