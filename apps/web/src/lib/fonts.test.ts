import { describe, expect, it, vi } from 'vitest';
import { startFontsFor } from './fonts.ts';

/** A session with nothing remembered yet, each test its own. */
const firstPage = () => ({ get: () => null, set: () => {} });
const fetch = () => vi.fn((_url: string | URL | Request, _init?: RequestInit) => Promise.resolve(new Response('woff2')));

describe('the font once the app has started (decision 044)', () => {
  it("on a first visit puts the first screen's slices in the cache and leaves the stylesheet for the next visit", async () => {
    const load = vi.fn(() => Promise.resolve());
    const network = fetch();
    await startFontsFor('ko', ['/assets/a.woff2', '/assets/b.woff2'], { load, fetch: network, servedFromCache: () => false, memory: firstPage() });
    expect(network.mock.calls.map(([url]) => url)).toEqual(['/assets/a.woff2', '/assets/b.woff2']);
    expect(load).not.toHaveBeenCalled();
  });

  it('with the slices cached by an earlier visit applies the stylesheet, so the font shows', async () => {
    const load = vi.fn(() => Promise.resolve());
    const servedFromCache = vi.fn(() => true);
    await startFontsFor('ja', ['/assets/a.woff2', '/assets/b.woff2'], { load, fetch: fetch(), servedFromCache, memory: firstPage() });
    expect(servedFromCache).toHaveBeenCalledWith('/assets/a.woff2');
    expect(load).toHaveBeenCalledWith('ja');
  });

  it('on a page the build did not prerender for this device applies the stylesheet as before', async () => {
    const load = vi.fn(() => Promise.resolve());
    const network = fetch();
    await startFontsFor('en', [], { load, fetch: network, memory: firstPage() });
    expect(load).toHaveBeenCalledWith('en');
    expect(network).not.toHaveBeenCalled();
  });
});

describe('a session keeps the face its first page settled on (issue 32 item 26)', () => {
  const memoryOf = (initial: 'shipped' | 'system' | null = null) => {
    let face = initial;
    return { get: () => face, set: (next: 'shipped' | 'system') => void (face = next), now: () => face };
  };

  it('a first visit remembers the platform face, and a page loaded anew later in the tab keeps it', async () => {
    const memory = memoryOf();
    const load = vi.fn(() => Promise.resolve());
    await startFontsFor('ja', ['/assets/a.woff2'], { load, fetch: fetch(), servedFromCache: () => false, memory });
    expect(memory.now()).toBe('system');
    // Back from the payment gateway on a page the build did not prerender: the slices are cached by now.
    await startFontsFor('ja', [], { load, fetch: fetch(), servedFromCache: () => true, memory });
    const network = fetch();
    await startFontsFor('ja', ['/assets/a.woff2'], { load, fetch: network, servedFromCache: () => true, memory });
    expect(load).not.toHaveBeenCalled();
    expect(network).toHaveBeenCalledWith('/assets/a.woff2', { priority: 'low' });
  });

  it('a session that began with the shipped font keeps it on every page, prerendered or not', async () => {
    const memory = memoryOf();
    const load = vi.fn(() => Promise.resolve());
    await startFontsFor('ko', ['/assets/a.woff2'], { load, fetch: fetch(), servedFromCache: () => true, memory });
    expect(memory.now()).toBe('shipped');
    await startFontsFor('ko', ['/assets/b.woff2'], { load, fetch: fetch(), servedFromCache: () => false, memory });
    await startFontsFor('ko', [], { load, fetch: fetch(), memory });
    expect(load).toHaveBeenCalledTimes(3);
  });
});
