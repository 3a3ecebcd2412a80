import { delay, http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { api, apiError } from '../test/handlers/api.ts';
import { server } from '../test/server.ts';
import { landingReadOf } from '@orchard/shared/spa-paths';
import { startEarlyRead, takeEarlyResponse } from './early-reads.ts';
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
  it('knows the read of a project and of an artist page, and of no other path', () => {
    expect(landingReadOf('/project/26', 'ja')).toBe('/api/projects/26?lang=ja');
    expect(landingReadOf('/artist/group/2', 'ko')).toBe('/api/artists/2');
    expect(landingReadOf('/artist/solo/7', 'ko')).toBe('/api/artists/7');
    for (const other of ['/', '/project/0', '/project/01', '/project/26/x', '/project/abc', '/artist/band/2', '/film', '/project/99999999999']) expect(landingReadOf(other, 'ko'), other).toBeNull();
  });

  it("hands its answer to the page's first read of the same address, once: one request, and the next read goes out", async () => {
    const seen = countRequests('/projects/26', () => HttpResponse.json({ project: { id: 26 } }));
    startEarlyRead('/project/26', 'en');
    expect(await apiRequest('/projects/26', { query: { lang: 'en' } })).toEqual({ project: { id: 26 } });
    expect(seen).toEqual(['?lang=en']);
    await apiRequest('/projects/26', { query: { lang: 'en' } });
    expect(seen).toEqual(['?lang=en', '?lang=en']);
  });

  it('leaves a read of another address or language to the network', async () => {
    const seen = countRequests('/projects/26', () => HttpResponse.json({ project: { id: 26 } }));
    startEarlyRead('/project/26', 'ko');
    await apiRequest('/projects/26', { query: { lang: 'ja' } });
    expect(seen).toEqual(['?lang=ko', '?lang=ja']);
    expect(takeEarlyResponse('/api/projects/26?lang=ko')).toBeInstanceOf(Promise);
  });

  it("turns the early answer's error into the page's error, as a request of its own would", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    countRequests('/projects/27', () => apiError(404, 'projects.not_found'));
    startEarlyRead('/project/27', 'en');
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
    startEarlyRead('/project/28', 'en');
    const read = apiRequest('/projects/28', { query: { lang: 'en' } });
    await expect(read).rejects.toBeInstanceOf(ApiError);
    await expect(read).rejects.toMatchObject({ code: 'timeout' });
  });

  it("takes the answer the page carries, for its own address only, and sends nothing", async () => {
    const seen = countRequests('/projects/29', () => HttpResponse.json({ project: { id: 29, from: 'network' } }));
    const block = Object.assign(document.createElement('script'), { type: 'application/json', id: 'landing-read', text: '{"project":{"id":29,"from":"page"}}' });
    block.dataset.address = '/api/projects/29?lang=ja';
    document.body.append(block);
    startEarlyRead('/project/29', 'ko');
    expect(document.getElementById('landing-read')).not.toBeNull();
    await apiRequest('/projects/29', { query: { lang: 'ko' } });
    expect(seen).toEqual(['?lang=ko']);
    startEarlyRead('/project/29', 'ja');
    expect(document.getElementById('landing-read')).toBeNull();
    expect(await apiRequest('/projects/29', { query: { lang: 'ja' } })).toEqual({ project: { id: 29, from: 'page' } });
    expect(seen).toEqual(['?lang=ko']);
  });
});
