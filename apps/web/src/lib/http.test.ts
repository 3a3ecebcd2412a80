import { delay, http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { api, apiError, sentRequest } from '../test/handlers/api.ts';
import { server } from '../test/server.ts';
import { ApiError, apiRequest, apiTimeoutMs, uploadCancelled, uploadWithProgress } from './http.ts';

describe('fetch wrapper (docs/product.md#retries)', () => {
  it('sends cookies and JSON to /api and returns the parsed answer', async () => {
    const timeout = new AbortController();
    vi.spyOn(AbortSignal, 'timeout').mockReturnValue(timeout.signal);
    let sent: Request | undefined;
    server.use(
      http.patch(api('/users/user-profile'), ({ request }) => {
        sent = request;
        return HttpResponse.json({ ok: true });
      }),
    );
    const answer = await apiRequest<{ ok: boolean }>('/users/user-profile', { method: 'PATCH', body: { country: 'KR' } });
    expect(answer).toEqual({ ok: true });
    const { url, method, headers } = await sentRequest(sent!);
    expect(url).toBe('/api/users/user-profile');
    expect({ method, credentials: sent!.credentials, body: await sent!.clone().text() }).toMatchObject({ method: 'PATCH', credentials: 'include', body: '{"country":"KR"}' });
    expect(headers.get('Content-Type')).toBe('application/json');
    expect(sent!.signal).toBeInstanceOf(AbortSignal);
    // The request carries the wrapper's time-out: aborting that aborts the request's signal.
    timeout.abort();
    expect(sent!.signal.aborted).toBe(true);
  });

  it('times out after 5000 ms through AbortSignal.timeout', async () => {
    expect(apiTimeoutMs).toBe(5000);
    const timeoutSpy = vi.spyOn(AbortSignal, 'timeout');
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const controller = new AbortController();
    timeoutSpy.mockReturnValue(controller.signal);
    // The server has the request and never answers; the time-out fires meanwhile.
    server.use(
      http.get(api('/auth/me'), async () => {
        controller.abort(new DOMException('timed out', 'TimeoutError'));
        await delay('infinite');
      }),
    );
    const pending = apiRequest('/auth/me');
    await expect(pending).rejects.toMatchObject({ code: 'timeout', status: 0 });
    expect(timeoutSpy).toHaveBeenCalledWith(5000);
  });

  it('turns a refusal into an ApiError with its code, logged as a warning (the screen shows it)', async () => {
    server.use(http.get(api('/users/user-profile'), () => apiError(409, 'users.nickname_taken')));
    const warning = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const failure = await apiRequest('/users/user-profile').catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ status: 409, code: 'users.nickname_taken' });
    expect(warning).toHaveBeenCalled();
  });

  it('logs a server failure as an error', async () => {
    server.use(http.get(api('/artists'), () => apiError(503, 'unavailable')));
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    await expect(apiRequest('/artists')).rejects.toMatchObject({ status: 503 });
    expect(log).toHaveBeenCalledTimes(1);
  });

  it('does not log a 401: it is how the API says "not signed in", expected on every signed-out check', async () => {
    server.use(http.get(api('/auth/me'), () => apiError(401, 'auth.unauthenticated')));
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
    // The answer starts (status and one chunk), then its body stalls until the time-out fires.
    server.use(
      http.get(api('/auth/me'), () => {
        const body = new ReadableStream({
          start(stream) {
            stream.enqueue(new TextEncoder().encode('{"id":'));
            controller.signal.addEventListener('abort', () => stream.error(new DOMException('timed out', 'TimeoutError')));
          },
        });
        return new HttpResponse(body, { status: 200, headers: { 'Content-Type': 'application/json' } });
      }),
    );
    // The time-out fires once the wrapper has the answer and is reading its body.
    const reading = vi.spyOn(Response.prototype, 'text');
    const pending = apiRequest('/auth/me');
    await vi.waitFor(() => expect(reading).toHaveBeenCalled());
    controller.abort(new DOMException('timed out', 'TimeoutError'));
    await expect(pending).rejects.toMatchObject({ code: 'timeout', status: 0 });
  });

  it('reports an unreachable server as a network error', async () => {
    server.use(http.get(api('/artists'), () => HttpResponse.error()));
    vi.spyOn(console, 'error').mockImplementation(() => {});
    await expect(apiRequest('/artists')).rejects.toMatchObject({ code: 'network' });
  });
});

describe('uploads with progress (posts, inquiries, films)', () => {
  const form = () => {
    const body = new FormData();
    body.append('text', 'hello');
    return body;
  };

  it('is refused at once while offline, never opened (decision 063)', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const open = vi.spyOn(XMLHttpRequest.prototype, 'open');
    await expect(uploadWithProgress('/inquiries', form(), { onProgress: () => {} })).rejects.toMatchObject({ status: 0, code: 'offline' });
    expect(open).not.toHaveBeenCalled();
  });

  it('answers the parsed JSON and reports the whole share sent', async () => {
    server.use(http.post(api('/inquiries'), () => HttpResponse.json({ inquiry: { id: 7, status: 'open' } }, { status: 201 })));
    const shares: number[] = [];
    const answer = await uploadWithProgress<{ inquiry: { id: number } }>('/inquiries', form(), { onProgress: (share) => shares.push(share) });
    expect(answer.inquiry.id).toBe(7);
    expect(shares.at(-1)).toBe(1);
  });

  it('turns a refusal into an ApiError with its code and details', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    server.use(http.post(api('/inquiries'), () => apiError(422, 'inquiries.too_many_images', { max: 5 })));
    await expect(uploadWithProgress('/inquiries', form(), { onProgress: () => {} })).rejects.toMatchObject({ status: 422, code: 'inquiries.too_many_images', details: { max: 5 } });
  });

  it('rejects as cancelled when its signal is aborted, without logging', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const controller = new AbortController();
    controller.abort();
    await expect(uploadWithProgress('/films/uploads', form(), { onProgress: () => {}, signal: controller.signal })).rejects.toMatchObject({ code: uploadCancelled });
    expect(error).not.toHaveBeenCalled();
  });
});
