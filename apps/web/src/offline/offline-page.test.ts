import { describe, expect, it } from 'vitest';
import { offlineBuildFiles, offlineCachePrefix, offlineFiles, serviceWorkerScript, type OfflineTexts } from './offline-page.ts';

const texts = (title: string): Record<string, OfflineTexts> => ({
  ko: { title, body: '연결되면 다시 열려요.', retry: '다시 시도', appName: '오차드' },
  en: { title: "You're not connected", body: 'It opens again once you are back online.', retry: 'Try again', appName: 'Orchard' },
});
const digest = (content: string) => {
  // A stable stand-in for the build's SHA-256 (vite.config.ts): any change in the content changes it.
  let hash = 0n;
  for (const char of content) hash = (hash * 131n + BigInt(char.codePointAt(0)!)) % (1n << 64n);
  return hash.toString(16).padStart(16, '0');
};
const versionOf = (worker: string) => /Version ([0-9a-f]{16})\./.exec(worker)?.[1];

type Listener = (event: FakeEvent) => void;
/** What the worker reads of a request. */
type WorkerRequest = { method: string; url: string; mode: string; cache?: string };
type FakeEvent = { request?: WorkerRequest; preloadResponse?: Promise<Response | undefined>; waitUntil(work: Promise<unknown>): unknown; respondWith(answer: Promise<Response>): unknown };

/** The worker's script run against an in-memory browser: its caches, the network, its events. */
function runWorker(script: string, network: (request: WorkerRequest) => Promise<Response>) {
  const listeners = new Map<string, Listener>();
  const stores = new Map<string, Map<string, Response>>();
  const written: string[] = [];
  const open = async (name: string) => {
    if (!stores.has(name)) stores.set(name, new Map());
    const store = stores.get(name)!;
    return {
      addAll: async (requests: WorkerRequest[]) => {
        for (const request of requests) {
          expect(request.cache).toBe('reload');
          written.push(new URL(request.url).pathname);
          store.set(new URL(request.url).pathname, await network(request));
        }
      },
      match: async (path: string) => store.get(path)?.clone(),
      put: async (request: WorkerRequest) => written.push(new URL(request.url).pathname),
    };
  };
  const caches = { open, keys: async () => [...stores.keys()], delete: async (name: string) => stores.delete(name) };
  const self = {
    location: new URL('https://orchard.example/sw.js'),
    registration: { navigationPreload: { enable: async () => undefined } },
    clients: { claim: async () => undefined },
    skipWaiting: async () => undefined,
    addEventListener: (type: string, listener: Listener) => listeners.set(type, listener),
  };
  // Inside a worker a relative URL is relative to the worker's own address.
  function RequestInWorker(input: string, init: { cache?: string } = {}): WorkerRequest {
    return { method: 'GET', url: new URL(input, self.location).href, mode: 'cors', ...init };
  }
  new Function('self', 'caches', 'fetch', 'Request', script)(self, caches, network, RequestInWorker);
  const dispatch = async (type: string, request?: WorkerRequest, preloaded?: Response) => {
    let pending: Promise<unknown> = Promise.resolve();
    let answer: Promise<Response> | null = null;
    listeners.get(type)!({ request, preloadResponse: Promise.resolve(preloaded), waitUntil: (work) => (pending = work), respondWith: (given) => (answer = given) });
    await pending;
    return answer as Promise<Response> | null;
  };
  return { dispatch, stores, written };
}

const navigation = (path: string): WorkerRequest => ({ method: 'GET', url: `https://orchard.example${path}`, mode: 'navigate' });
const subresource = (url: string, method = 'GET'): WorkerRequest => ({ method, url, mode: 'cors' });

describe('the offline page and its worker (docs/decisions/063-offline.md)', () => {
  it('builds the page, its style and script, and a worker whose version follows what it serves', () => {
    const first = offlineBuildFiles(texts('인터넷에 연결되어 있지 않아요'), '<svg/>', digest);
    expect(Object.keys(first).sort()).toEqual(['offline.css', 'offline.html', 'offline.js', 'sw.js']);
    expect(offlineBuildFiles(texts('인터넷에 연결되어 있지 않아요'), '<svg/>', digest)['sw.js']).toBe(first['sw.js']);
    const changedText = offlineBuildFiles(texts('오프라인이에요'), '<svg/>', digest);
    const changedIcon = offlineBuildFiles(texts('인터넷에 연결되어 있지 않아요'), '<svg id="new"/>', digest);
    expect(new Set([first, changedText, changedIcon].map((files) => versionOf(files['sw.js']!))).size).toBe(3);
    // The CSP allows no inline script or style: the page loads both as files.
    const html = first['offline.html']!;
    expect(html).not.toMatch(/<style|style=|<script>|<script(?![^>]*\ssrc=)/);
    expect(html).toContain('인터넷에 연결되어 있지 않아요');
    expect(html).toContain('<title>인터넷에 연결되어 있지 않아요 · 오차드</title>');
    expect(first['offline.js']).toContain(JSON.stringify(texts('인터넷에 연결되어 있지 않아요')));
  });

  it('escapes the texts it writes into the page', () => {
    const html = offlineBuildFiles({ ko: { title: '<img src=x onerror=alert(1)>', body: 'a & b', retry: '"go"', appName: 'O' } }, '', digest)['offline.html']!;
    expect(html).not.toContain('<img src=x');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
  });

  it('keeps only its own files, replaces an older version’s cache, and answers a failed navigation with the offline page', async () => {
    const network = async (request: WorkerRequest) => {
      const path = new URL(request.url).pathname;
      if (path === '/project/1' || path === '/dev-idp/auth/1') throw new TypeError('Failed to fetch');
      return new Response(`network ${path}`);
    };
    const worker = runWorker(serviceWorkerScript('0123456789abcdef'), network);
    worker.stores.set(`${offlineCachePrefix}old`, new Map());
    worker.stores.set('another-app', new Map());
    await worker.dispatch('install');
    await worker.dispatch('activate');
    expect([...worker.stores.keys()].sort()).toEqual(['another-app', `${offlineCachePrefix}0123456789abcdef`]);
    expect(worker.written.sort()).toEqual([...offlineFiles].sort());

    // A navigation goes to the network; with none, the offline page answers (never for the server's own pages).
    expect(await (await worker.dispatch('fetch', navigation('/')))!.text()).toBe('network /');
    expect(await (await worker.dispatch('fetch', navigation('/project/1')))!.text()).toBe('network /offline.html');
    expect((await worker.dispatch('fetch', navigation('/dev-idp/auth/1')))!.type).toBe('error');
    // The API, writes and other sites are never touched, and nothing new is cached.
    expect(await worker.dispatch('fetch', subresource('https://orchard.example/api/projects/1'))).toBeNull();
    expect(await worker.dispatch('fetch', subresource('https://orchard.example/api/projects/1/like', 'PUT'))).toBeNull();
    expect(await worker.dispatch('fetch', { ...navigation('/project/1'), method: 'POST' })).toBeNull();
    expect(await worker.dispatch('fetch', subresource('https://tile.openstreetmap.org/1/1/1.png'))).toBeNull();
    expect(await worker.dispatch('fetch', subresource('https://orchard.example/assets/index-abc.js'))).toBeNull();
    expect(worker.written.sort()).toEqual([...offlineFiles].sort());
  });

  it('answers a navigation with its preloaded response, never requesting it a second time (a one-time sign-in address)', async () => {
    const requested: string[] = [];
    const worker = runWorker(serviceWorkerScript('0123456789abcdef'), async (request) => {
      requested.push(new URL(request.url).pathname);
      return new Response('network');
    });
    await worker.dispatch('install');
    requested.length = 0;
    for (const path of ['/dev-idp/auth/abc', '/api/payments/return/success?orderId=1', '/project/1']) {
      const answer = await worker.dispatch('fetch', navigation(path), new Response(`preloaded ${path}`));
      expect(await answer!.text()).toBe(`preloaded ${path}`);
    }
    expect(requested).toEqual([]);
  });
});
