import { onlineManager, QueryObserver, MutationObserver } from '@tanstack/react-query';
import { http } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getMeQueryOptions } from '../features/auth/api/get-me.ts';
import { api, apiError } from '../test/handlers/api.ts';
import { setBrowserOnline } from '../test/offline.ts';
import { server } from '../test/server.ts';
import { ApiError } from './http.ts';
import { createAppQueryClient, queryCacheLifetimeMs, retryDelayMs, shouldRetryMutation, shouldRetryQuery, whileSigningOut } from './query-client.ts';

const unauthorized = () => new ApiError(401, 'auth.unauthenticated', 'no session');
const serverError = () => new ApiError(500, 'internal', 'boom');

function setup(currentPath = '/') {
  const onUnauthorized = vi.fn();
  const client = createAppQueryClient({ onUnauthorized, currentPath: () => currentPath });
  return { client, onUnauthorized };
}

afterEach(() => onlineManager.setOnline(true));

describe('query client (docs/product.md#retries)', () => {
  it('fetches at once when the connection came back while no client was listening (the query layer unmounted offline)', async () => {
    const { client } = setup();
    client.mount();
    setBrowserOnline(false);
    expect(onlineManager.isOnline()).toBe(false);
    client.unmount();
    setBrowserOnline(true);
    client.mount();
    const queryFn = vi.fn().mockResolvedValue('films');
    void client.fetchQuery({ queryKey: ['after-reconnect'], queryFn });
    await vi.waitFor(() => expect(queryFn).toHaveBeenCalledTimes(1));
    client.unmount();
  });

  it('waits 1 s, 2 s and 4 s between retries, doubling up to 30 s', () => {
    expect([0, 1, 2, 3, 4, 5, 6].map(retryDelayMs)).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000]);
  });

  it('retries a failing query 3 times with 1 s, 2 s and 4 s delays, then gives up', async () => {
    vi.useFakeTimers();
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { client } = setup();
    const queryFn = vi.fn().mockRejectedValue(serverError());
    const result = client.fetchQuery({ queryKey: ['failing'], queryFn }).catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(0);
    expect(queryFn).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(999);
    expect(queryFn).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(queryFn).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(2000);
    expect(queryFn).toHaveBeenCalledTimes(3);
    await vi.advanceTimersByTimeAsync(4000);
    expect(queryFn).toHaveBeenCalledTimes(4);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(queryFn).toHaveBeenCalledTimes(4);
    expect(await result).toBeInstanceOf(ApiError);
  });

  it('retries only what may go differently: no answer, a time-out, a 5xx, 408 and 429; never another 4xx', () => {
    const failure = (status: number, code = 'x') => new ApiError(status, code, code);
    const retried = [failure(0, 'network'), failure(0, 'timeout'), failure(500), failure(502), failure(503), failure(408), failure(429)];
    const final = [400, 401, 403, 404, 409, 413, 415, 422].map((status) => failure(status));
    for (const error of retried) {
      expect(shouldRetryQuery(0, error), `query ${error.status} ${error.code}`).toBe(true);
      expect(shouldRetryMutation(0, error), `mutation ${error.status} ${error.code}`).toBe(true);
    }
    for (const error of final) {
      expect(shouldRetryQuery(0, error), `query ${error.status}`).toBe(false);
      expect(shouldRetryMutation(0, error), `mutation ${error.status}`).toBe(false);
    }
    expect(shouldRetryQuery(0, new TypeError('a bug in a query function'))).toBe(false);
  });

  it('asks for a missing resource once: a 404 shows at once instead of after 7 s of retries', async () => {
    vi.useFakeTimers();
    const { client } = setup();
    const queryFn = vi.fn().mockRejectedValue(new ApiError(404, 'artists.not_found', 'missing'));
    const result = client.fetchQuery({ queryKey: ['artist', 999], queryFn }).catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(await result).toMatchObject({ status: 404 });
    expect(queryFn).toHaveBeenCalledTimes(1);
  });

  it('uploads a refused picture once: a 413 mutation is not sent again', async () => {
    vi.useFakeTimers();
    const { client } = setup();
    const upload = vi.fn().mockRejectedValue(new ApiError(413, 'uploads.too_large', 'too large'));
    const pending = new MutationObserver(client, { mutationFn: upload }).mutate(undefined).catch(() => undefined);
    await vi.advanceTimersByTimeAsync(60_000);
    await pending;
    expect(upload).toHaveBeenCalledTimes(1);
  });

  it('a 401 answered while the user signs out opens no dialog; one after it does', async () => {
    const { client, onUnauthorized } = setup('/my-page/user-profile');
    await whileSigningOut(client, async () => {
      await client.fetchQuery({ queryKey: ['me'], queryFn: () => Promise.reject(unauthorized()) }).catch(() => undefined);
      await new MutationObserver(client, { mutationFn: () => Promise.reject(unauthorized()) }).mutate(undefined).catch(() => undefined);
    });
    expect(onUnauthorized).not.toHaveBeenCalled();
    await client.fetchQuery({ queryKey: ['later'], queryFn: () => Promise.reject(unauthorized()) }).catch(() => undefined);
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('never retries a query answered 401, opens the dialog and resets userInfo once', async () => {
    vi.useFakeTimers();
    const { client, onUnauthorized } = setup('/my-page');
    const queryFn = vi.fn().mockRejectedValue(unauthorized());
    const result = client.fetchQuery({ queryKey: ['secret'], queryFn }).catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(await result).toBeInstanceOf(ApiError);
    expect(queryFn).toHaveBeenCalledTimes(1);
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('does not open the dialog for a query 401 while on /login', async () => {
    const { client, onUnauthorized } = setup('/login');
    await client.fetchQuery({ queryKey: ['me'], queryFn: () => Promise.reject(unauthorized()) }).catch(() => undefined);
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('retries a failing mutation twice, never on 401, and a mutation 401 opens the dialog even on /login', async () => {
    vi.useFakeTimers();
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { client, onUnauthorized } = setup('/login');
    const failing = vi.fn().mockRejectedValue(serverError());
    const observer = new MutationObserver(client, { mutationFn: failing });
    const first = observer.mutate(undefined).catch(() => undefined);
    await vi.advanceTimersByTimeAsync(60_000);
    await first;
    expect(failing).toHaveBeenCalledTimes(3);

    const rejected = vi.fn().mockRejectedValue(unauthorized());
    const second = new MutationObserver(client, { mutationFn: rejected }).mutate(undefined).catch(() => undefined);
    await vi.advanceTimersByTimeAsync(60_000);
    await second;
    expect(rejected).toHaveBeenCalledTimes(1);
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('pauses fetching while offline and fetches when the connection returns', async () => {
    const { client } = setup();
    client.mount(); // as QueryClientProvider does: it resumes paused work when the connection returns
    onlineManager.setOnline(false);
    const queryFn = vi.fn().mockResolvedValue('fresh');
    const observer = new QueryObserver(client, { queryKey: ['offline'], queryFn });
    const unsubscribe = observer.subscribe(() => {});
    await Promise.resolve();
    expect(queryFn).not.toHaveBeenCalled();
    expect(observer.getCurrentResult().fetchStatus).toBe('paused');
    onlineManager.setOnline(true);
    await vi.waitFor(() => expect(observer.getCurrentResult().data).toBe('fresh'));
    unsubscribe();
    client.unmount();
  });

  it('keeps unused answers for 5 minutes', () => {
    const { client } = setup();
    expect(client.getDefaultOptions().queries?.gcTime).toBe(queryCacheLifetimeMs);
    expect(queryCacheLifetimeMs).toBe(300_000);
  });

  it('checks auth without retries, zero staleness and a refetch on every mount', async () => {
    const options = getMeQueryOptions();
    expect(options.retry).toBe(false);
    expect(options.staleTime).toBe(0);
    expect(options.refetchOnMount).toBe('always');
    const { client } = setup('/my-page');
    let authChecks = 0;
    server.use(
      http.get(api('/auth/me'), () => {
        authChecks += 1;
        return apiError(401, 'auth.unauthenticated');
      }),
    );
    vi.spyOn(console, 'error').mockImplementation(() => {});
    await client.fetchQuery(options).catch(() => undefined);
    expect(authChecks).toBe(1);
  });
});
