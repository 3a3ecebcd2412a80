import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter, parsePath, Route, Routes, useLocation } from 'react-router';
import { createAppQueryClient } from '../lib/query-client.ts';

/** Shows the router's current path so tests can assert where a click went. */
export function LocationProbe() {
  const location = useLocation();
  return <div data-testid="location">{location.pathname + location.search}</div>;
}

export function createTestQueryClient(onUnauthorized = () => {}) {
  return createAppQueryClient({ onUnauthorized, currentPath: () => window.location.pathname });
}

export function renderWithProviders(
  element: ReactElement,
  {
    path = '/',
    route = '*',
    queryClient = createTestQueryClient(),
    state,
  }: { path?: string; route?: string; queryClient?: QueryClient; /** The history state of the first entry (a link's `state`). */ state?: unknown } = {},
) {
  return render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[state === undefined ? path : { ...parsePath(path), state }]}>
        <Routes>
          <Route path={route} element={element} />
          <Route path="*" element={null} />
        </Routes>
        <LocationProbe />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}
