import { describe, expect, it, vi } from 'vitest';
import { chunkReloadMarkerKey, importWithReloadOnce, OfflineChunkError, type ChunkReloadEnvironment } from './lazy-page.ts';

function environment(overrides: Partial<ChunkReloadEnvironment> = {}) {
  return { storage: window.sessionStorage, reload: vi.fn(), isOnline: () => true, deploymentId: '/assets/index-A1.js', ...overrides };
}

const missingChunk = () => Promise.reject(new TypeError('Failed to fetch dynamically imported module'));

async function neverSettles(pending: Promise<unknown>) {
  let settled = false;
  void pending.then(
    () => (settled = true),
    () => (settled = true),
  );
  await new Promise((resolve) => setTimeout(resolve, 10));
  return !settled;
}

describe('chunk failure reload', () => {
  it('online, reloads the page when a page chunk fails to load, and waits for the reload', async () => {
    const env = environment();
    const pending = importWithReloadOnce(missingChunk, env);
    await vi.waitFor(() => expect(env.reload).toHaveBeenCalledTimes(1));
    expect(sessionStorage.getItem(chunkReloadMarkerKey)).toBe('/assets/index-A1.js');
    expect(await neverSettles(pending)).toBe(true);
  });

  it('offline, never reloads (that would end on the browser\'s offline page): the failure says it was offline', async () => {
    const env = environment({ isOnline: () => false });
    const failure = await importWithReloadOnce(missingChunk, env).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(OfflineChunkError);
    expect(env.reload).not.toHaveBeenCalled();
    expect(sessionStorage.getItem(chunkReloadMarkerKey)).toBeNull();
  });

  it('reloads once per deployment: a second failure of the same deployment surfaces, even after chunks loaded in between', async () => {
    const env = environment();
    void importWithReloadOnce(missingChunk, env);
    await vi.waitFor(() => expect(env.reload).toHaveBeenCalledTimes(1));
    await expect(importWithReloadOnce(() => Promise.resolve({ default: 'page' }), env)).resolves.toEqual({ default: 'page' });
    const failure = new TypeError('still missing');
    await expect(importWithReloadOnce(() => Promise.reject(failure), env)).rejects.toBe(failure);
    expect(env.reload).toHaveBeenCalledTimes(1);
  });

  it('a new deployment may reload once more', async () => {
    sessionStorage.setItem(chunkReloadMarkerKey, '/assets/index-A1.js');
    const env = environment({ deploymentId: '/assets/index-B2.js' });
    void importWithReloadOnce(missingChunk, env);
    await vi.waitFor(() => expect(env.reload).toHaveBeenCalledTimes(1));
    expect(sessionStorage.getItem(chunkReloadMarkerKey)).toBe('/assets/index-B2.js');
  });
});
