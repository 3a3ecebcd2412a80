import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
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
  { path = '/', route = '*', queryClient = createTestQueryClient() }: { path?: string; route?: string; queryClient?: QueryClient } = {},
) {
  return render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path={route} element={element} />
          <Route path="*" element={null} />
        </Routes>
        <LocationProbe />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}
