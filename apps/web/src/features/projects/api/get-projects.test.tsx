import { QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { projectFixture } from '../../../test/fixtures/project.ts';
import { api } from '../../../test/handlers/api.ts';
import { createTestQueryClient } from '../../../test/render.tsx';
import { server } from '../../../test/server.ts';
import { useProjects } from './get-projects.ts';

function wrapper({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={createTestQueryClient()}>{children}</QueryClientProvider>;
}

describe('useProjects (GET /api/projects)', () => {
  it('asks with the list’s parameters, leaves out the empty ones, and follows the cursor', async () => {
    const asked: string[] = [];
    server.use(
      http.get(api('/projects'), ({ request }) => {
        const url = new URL(request.url);
        asked.push(url.search);
        const cursor = url.searchParams.get('cursor');
        return HttpResponse.json(cursor ? { items: [projectFixture({ id: 2 })], nextCursor: null } : { items: [projectFixture({ id: 1 })], nextCursor: 'next page' });
      }),
    );
    const { result } = renderHook(() => useProjects({ sort: 'deadline', following: true, status: 'funding', q: '', limit: 10 }), { wrapper });
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(result.current.hasNextPage).toBe(true);
    await result.current.fetchNextPage();
    await waitFor(() => expect(result.current.data?.pages.flatMap((page) => page.items.map((project) => project.id))).toEqual([1, 2]));
    expect(result.current.hasNextPage).toBe(false);
    expect(asked).toEqual(['?sort=deadline&status=funding&limit=10&following=true', '?sort=deadline&status=funding&limit=10&following=true&cursor=next+page']);
  });

  it('never sends following=false', async () => {
    let asked = '';
    server.use(
      http.get(api('/projects'), ({ request }) => {
        asked = new URL(request.url).search;
        return HttpResponse.json({ items: [], nextCursor: null });
      }),
    );
    const { result } = renderHook(() => useProjects({ sort: 'latest', following: false, status: 'awarded' }), { wrapper });
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(asked).toBe('?sort=latest&status=awarded');
  });
});
