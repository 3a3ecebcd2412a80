import { describe, expect, it, vi } from 'vitest';
import { startFontsFor } from './fonts.ts';

const fetch = () => vi.fn((_url: string | URL | Request, _init?: RequestInit) => Promise.resolve(new Response('woff2')));

describe('the font once the app has started (decision 044)', () => {
  it("on a first visit puts the first screen's slices in the cache and leaves the stylesheet for the next visit", async () => {
    const load = vi.fn(() => Promise.resolve());
    const network = fetch();
    await startFontsFor('ko', ['/assets/a.woff2', '/assets/b.woff2'], { load, fetch: network, servedFromCache: () => false });
    expect(network.mock.calls.map(([url]) => url)).toEqual(['/assets/a.woff2', '/assets/b.woff2']);
    expect(load).not.toHaveBeenCalled();
  });

  it('with the slices cached by an earlier visit applies the stylesheet, so the font shows', async () => {
    const load = vi.fn(() => Promise.resolve());
    const servedFromCache = vi.fn(() => true);
    await startFontsFor('ja', ['/assets/a.woff2', '/assets/b.woff2'], { load, fetch: fetch(), servedFromCache });
    expect(servedFromCache).toHaveBeenCalledWith('/assets/a.woff2');
    expect(load).toHaveBeenCalledWith('ja');
  });

  it('on a page the build did not prerender for this device applies the stylesheet as before', async () => {
    const load = vi.fn(() => Promise.resolve());
    const network = fetch();
    await startFontsFor('en', [], { load, fetch: network });
    expect(load).toHaveBeenCalledWith('en');
    expect(network).not.toHaveBeenCalled();
  });
});
