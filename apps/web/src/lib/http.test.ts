import { describe, expect, it, vi } from 'vitest';
import { errorResponse, jsonResponse } from '../test/render.tsx';
import { ApiError, apiRequest, apiTimeoutMs } from './http.ts';

describe('fetch wrapper (docs/product.md#retries)', () => {
  it('sends cookies and JSON to /api and returns the parsed answer', async () => {
    const fetchMock = vi.spyOn(globalThis, 'fetch').mockResolvedValue(jsonResponse({ ok: true }));
    const answer = await apiRequest<{ ok: boolean }>('/users/user-profile', { method: 'PATCH', body: { country: 'KR' } });
    expect(answer).toEqual({ ok: true });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/users/user-profile');
    expect(init).toMatchObject({ method: 'PATCH', credentials: 'include', body: '{"country":"KR"}' });
    expect((init!.headers as Record<string, string>)['Content-Type']).toBe('application/json');
    expect(init!.signal).toBeInstanceOf(AbortSignal);
  });

  it('times out after 5000 ms through AbortSignal.timeout', async () => {
    expect(apiTimeoutMs).toBe(5000);
    const timeoutSpy = vi.spyOn(AbortSignal, 'timeout');
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const controller = new AbortController();
    timeoutSpy.mockReturnValue(controller.signal);
    vi.spyOn(globalThis, 'fetch').mockImplementation((_url, init) => new Promise((_resolve, reject) => init!.signal!.addEventListener('abort', () => reject(new DOMException('timed out', 'TimeoutError')))));
    const pending = apiRequest('/auth/me');
    controller.abort();
    await expect(pending).rejects.toMatchObject({ code: 'timeout', status: 0 });
    expect(timeoutSpy).toHaveBeenCalledWith(5000);
  });

  it('turns a refusal into an ApiError with its code, logged as a warning (the screen shows it)', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(errorResponse(409, 'users.nickname_taken'));
    const warning = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const failure = await apiRequest('/users/user-profile').catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ status: 409, code: 'users.nickname_taken' });
    expect(warning).toHaveBeenCalled();
  });

  it('logs a server failure as an error', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(errorResponse(503, 'unavailable'));
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    await expect(apiRequest('/artists')).rejects.toMatchObject({ status: 503 });
    expect(log).toHaveBeenCalledTimes(1);
  });

  it('does not log a 401: it is how the API says "not signed in", expected on every signed-out check', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(errorResponse(401, 'auth.unauthenticated'));
    const log = vi.spyOn(console, 'error');
    const warning = vi.spyOn(console, 'warn');
    await expect(apiRequest('/auth/me')).rejects.toMatchObject({ status: 401 });
    expect(log).not.toHaveBeenCalled();
    expect(warning).not.toHaveBeenCalled();
  });

  it('an answer whose body stops arriving is a time-out, which may be retried, not an unknown error', async () => {
    const timeoutSpy = vi.spyOn(AbortSignal, 'timeout');
    const controller = new AbortController();
    timeoutSpy.mockReturnValue(controller.signal);
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const body = new ReadableStream({ start: (stream) => controller.signal.addEventListener('abort', () => stream.error(new DOMException('timed out', 'TimeoutError'))) });
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response(body, { status: 200 }));
    const pending = apiRequest('/auth/me');
    controller.abort();
    await expect(pending).rejects.toMatchObject({ code: 'timeout', status: 0 });
  });

  it('reports an unreachable server as a network error', async () => {
    vi.spyOn(globalThis, 'fetch').mockRejectedValue(new TypeError('Failed to fetch'));
    vi.spyOn(console, 'error').mockImplementation(() => {});
    await expect(apiRequest('/artists')).rejects.toMatchObject({ code: 'network' });
  });
});
