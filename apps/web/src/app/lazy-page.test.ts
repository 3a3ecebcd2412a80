import { describe, expect, it, vi } from 'vitest';
import { chunkReloadMarkerKey, importWithReloadOnce } from './lazy-page.ts';

function environment() {
  return { storage: window.sessionStorage, reload: vi.fn() };
}

describe('chunk failure reload (spec §8)', () => {
  it('reloads the page when a page chunk fails to load', async () => {
    const env = environment();
    const pending = importWithReloadOnce(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module')), env);
    await vi.waitFor(() => expect(env.reload).toHaveBeenCalledTimes(1));
    expect(sessionStorage.getItem(chunkReloadMarkerKey)).not.toBeNull();
    let settled = false;
    void pending.then(() => (settled = true), () => (settled = true));
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(settled).toBe(false);
  });

  it('does not reload again when the chunk fails right after the reload: the error surfaces', async () => {
    const env = environment();
    sessionStorage.setItem(chunkReloadMarkerKey, '1');
    const failure = new TypeError('still missing');
    await expect(importWithReloadOnce(() => Promise.reject(failure), env)).rejects.toBe(failure);
    expect(env.reload).not.toHaveBeenCalled();
    expect(sessionStorage.getItem(chunkReloadMarkerKey)).toBeNull();
  });

  it('clears the marker once a chunk loads, so a later failure may reload once more', async () => {
    const env = environment();
    sessionStorage.setItem(chunkReloadMarkerKey, '1');
    await expect(importWithReloadOnce(() => Promise.resolve({ default: 'page' }), env)).resolves.toEqual({ default: 'page' });
    expect(sessionStorage.getItem(chunkReloadMarkerKey)).toBeNull();
  });
});
