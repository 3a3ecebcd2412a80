import { delay, http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { api, apiError } from '../test/handlers/api.ts';
import { server } from '../test/server.ts';
import { landingPageOf } from '@orchard/shared/spa-paths';
import { startEarlyReads, takeEarlyResponse } from './early-reads.ts';
import { ApiError, apiRequest } from './http.ts';

/** Counts the requests the server sees for `path`, answering each with `answer`. */
function countRequests(path: string, answer: () => Response | Promise<Response>) {
  const seen: string[] = [];
  server.use(
    http.get(api(path), ({ request }) => {
      seen.push(new URL(request.url).search);
      return answer();
    }),
  );
  return seen;
}

describe("a landing page's read starts with the app (issue 35)", () => {
  it("knows the reads of a project, an artist page and the Film tab, those of another tab only in part, and no other path's", () => {
    expect(landingPageOf('/project/26', '', 'ja')).toEqual({ page: 'project', reads: ['/api/projects/26?lang=ja'], rendered: true });
    expect(landingPageOf('/project/26', '?utm_source=x', 'ja')).toEqual({ page: 'project', reads: ['/api/projects/26?lang=ja'], rendered: true });
    const artistLists = ['/api/projects?artistId=2&status=funding&sort=raised', '/api/projects?artistId=2&sort=raised'];
    expect(landingPageOf('/artist/group/2', '', 'ko')).toEqual({ page: 'artist', reads: ['/api/artists/2', ...artistLists], rendered: true });
    expect(landingPageOf('/artist/solo/2', '?utm_source=x', 'ko')?.reads).toEqual(['/api/artists/2', ...artistLists]);
    for (const search of ['?tab=community', '?status=funding', '?sort=latest']) {
      expect(landingPageOf('/artist/solo/7', search, 'ko'), search).toEqual({ page: 'artist', reads: ['/api/artists/7'], rendered: false });
    }
    expect(landingPageOf('/film', '', 'es')).toEqual({ page: 'film', reads: ['/api/films'], rendered: true });
    expect(landingPageOf('/film', '?tab=following', 'es')).toEqual({ page: 'film', reads: [], rendered: false });
    for (const other of ['/', '/project/0', '/project/01', '/project/26/x', '/project/abc', '/artist/band/2', '/film/3', '/films', '/project/99999999999']) {
      expect(landingPageOf(other, '', 'ko'), other).toBeNull();
    }
  });

  it("sends each of a page's reads at once, and hands each to the page's first read of its address", async () => {
    const artist = countRequests('/artists/2', () => HttpResponse.json({ id: 2 }));
    const lists = countRequests('/projects', () => HttpResponse.json({ items: [], nextCursor: null }));
    startEarlyReads('/artist/group/2', '', 'ko');
    await Promise.all([
      apiRequest('/artists/2'),
      apiRequest('/projects', { query: { artistId: 2, status: 'funding', sort: 'raised' } }),
      apiRequest('/projects', { query: { artistId: 2, sort: 'raised' } }),
    ]);
    expect(artist).toEqual(['']);
    expect(lists.sort()).toEqual(['?artistId=2&sort=raised', '?artistId=2&status=funding&sort=raised']);
  });

  it("hands its answer to the page's first read of the same address, once: one request, and the next read goes out", async () => {
    const seen = countRequests('/projects/26', () => HttpResponse.json({ project: { id: 26 } }));
    startEarlyReads('/project/26', '', 'en');
    expect(await apiRequest('/projects/26', { query: { lang: 'en' } })).toEqual({ project: { id: 26 } });
    expect(seen).toEqual(['?lang=en']);
    await apiRequest('/projects/26', { query: { lang: 'en' } });
    expect(seen).toEqual(['?lang=en', '?lang=en']);
  });

  it('leaves a read of another address or language to the network', async () => {
    const seen = countRequests('/projects/26', () => HttpResponse.json({ project: { id: 26 } }));
    startEarlyReads('/project/26', '', 'ko');
    await apiRequest('/projects/26', { query: { lang: 'ja' } });
    expect(seen).toEqual(['?lang=ko', '?lang=ja']);
    expect(takeEarlyResponse('/api/projects/26?lang=ko')).toBeInstanceOf(Promise);
  });

  it("turns the early answer's error into the page's error, as a request of its own would", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    countRequests('/projects/27', () => apiError(404, 'projects.not_found'));
    startEarlyReads('/project/27', '', 'en');
    await expect(apiRequest('/projects/27', { query: { lang: 'en' } })).rejects.toMatchObject({ status: 404, code: 'projects.not_found' });
  });

  it('waits for an early answer no longer than the time-out of any request', async () => {
    const controller = new AbortController();
    vi.spyOn(AbortSignal, 'timeout').mockReturnValue(controller.signal);
    vi.spyOn(console, 'error').mockImplementation(() => {});
    countRequests('/projects/28', async () => {
      controller.abort(new DOMException('timed out', 'TimeoutError'));
      await delay('infinite');
      return HttpResponse.json({});
    });
    startEarlyReads('/project/28', '', 'en');
    const read = apiRequest('/projects/28', { query: { lang: 'en' } });
    await expect(read).rejects.toBeInstanceOf(ApiError);
    await expect(read).rejects.toMatchObject({ code: 'timeout' });
  });

  it("takes the answer the page carries, for its own address only, and sends nothing", async () => {
    const seen = countRequests('/projects/29', () => HttpResponse.json({ project: { id: 29, from: 'network' } }));
    const block = Object.assign(document.createElement('script'), { type: 'application/json', className: 'landing-read', text: '{"project":{"id":29,"from":"page"}}' });
    block.dataset.address = '/api/projects/29?lang=ja';
    document.body.append(block);
    startEarlyReads('/project/29', '', 'ko');
    expect(document.querySelector('script.landing-read')).not.toBeNull();
    await apiRequest('/projects/29', { query: { lang: 'ko' } });
    expect(seen).toEqual(['?lang=ko']);
    startEarlyReads('/project/29', '', 'ja');
    expect(document.querySelector('script.landing-read')).toBeNull();
    expect(await apiRequest('/projects/29', { query: { lang: 'ja' } })).toEqual({ project: { id: 29, from: 'page' } });
    expect(seen).toEqual(['?lang=ko']);
  });
});
