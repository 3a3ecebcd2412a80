import type { ErrorResponse } from '@orchard/shared';
import { takeEarlyResponse } from './early-reads.ts';
import { ApiError } from './api-error.ts';

export { ApiError };

/** docs/product.md#retries: every call times out after 5000 ms. */
export const apiTimeoutMs = 5000;
export const apiBase = '/api';

export function isUnauthorized(error: unknown): boolean {
  return error instanceof ApiError && error.status === 401;
}

/** No answer arrived (offline, a dropped connection, a time-out): nothing the server decided. */
export function isConnectionFailure(error: unknown): boolean {
  return error instanceof ApiError && error.status === 0;
}

/**
 * The browser says it is offline, so the call was never sent (decision 063): a write says so at
 * once instead of waiting, and nothing retries it behind the fan's back.
 */
export function isOfflineFailure(error: unknown): boolean {
  return error instanceof ApiError && error.code === 'offline';
}

/**
 * Whether asking again may get another answer: no answer at all, a 5xx, 408 (request time-out)
 * or 429 (rate limited). Every other 4xx is the server's decision about this request, and the
 * same request gets the same refusal (docs/product.md#retries).
 */
export function isTransientFailure(error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  return error.status === 0 || error.status >= 500 || error.status === 408 || error.status === 429;
}

/**
 * How a failed call is logged: a failure (no answer, a 5xx, an unreadable answer) is an error; a
 * 4xx is the API's answer to this request and the screen shows it, so it is only a warning; a 401
 * is how the API says "not signed in", expected on every signed-out check, and is not logged.
 */
function logFailure(error: unknown) {
  if (error instanceof DOMException && error.name === 'AbortError') return;
  if (error instanceof ApiError && error.status === 401) return;
  // Offline is the device's state, not a failure of the API: the screen says it (decision 063).
  if (isOfflineFailure(error)) return;
  if (error instanceof ApiError && error.status >= 400 && error.status < 500 && error.code !== 'invalid_response') console.warn('[api]', error);
  else console.error('[api]', error);
}

export type ApiRequestOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Sent as JSON; FormData is sent as multipart. */
  body?: unknown;
  query?: Record<string, string | number | undefined>;
  signal?: AbortSignal;
  /** Extra request headers, e.g. the `Idempotency-Key` of a write that moves points. */
  headers?: Record<string, string>;
};

/** The promise's answer, or its rejection with the signal's reason once the signal aborts first. */
function untilAborted<Value>(promise: Promise<Value>, signal: AbortSignal): Promise<Value> {
  if (signal.aborted) return Promise.reject(signal.reason as Error);
  return new Promise((resolve, reject) => {
    signal.addEventListener('abort', () => reject(signal.reason as Error), { once: true });
    promise.then(resolve, reject);
  });
}

/** The address apiRequest sends a request to: the API's base, the path, the query's set values in their order. */
export function apiAddress(path: string, query?: ApiRequestOptions['query']): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== '') search.set(key, String(value));
  }
  const queryString = search.toString();
  return `${apiBase}${path}${queryString ? `?${queryString}` : ''}`;
}

function isErrorResponse(value: unknown): value is ErrorResponse {
  if (typeof value !== 'object' || value === null || !('error' in value)) return false;
  const error = (value as { error: unknown }).error;
  return typeof error === 'object' && error !== null && typeof (error as { code?: unknown }).code === 'string';
}

/**
 * The one way the web app calls the API (docs/product.md#retries, docs/architecture.md#web): cookies sent, JSON both ways,
 * a 5000 ms time-out. The answer type comes from the shared schemas (`z.infer`); parsing happens
 * on the server, which validates every response it sends. Every failure is logged (see
 * `logFailure`) and rethrown as an ApiError.
 */
export async function apiRequest<Answer>(path: string, options: ApiRequestOptions = {}): Promise<Answer> {
  const { method = 'GET', body, query, signal } = options;
  const timeout = AbortSignal.timeout(apiTimeoutMs);
  const headers: Record<string, string> = { ...options.headers, Accept: 'application/json' };
  let payload: BodyInit | undefined;
  if (body instanceof FormData) payload = body;
  else if (body !== undefined) {
    headers['Content-Type'] = 'application/json';
    payload = JSON.stringify(body);
  }
  const url = apiAddress(path, query);
  try {
    // Queries pause while offline (lib/query-client.ts); a write reaching here offline is refused
    // before it is sent, so the fan is told at once (decision 063).
    if (typeof navigator !== 'undefined' && navigator.onLine === false) throw new ApiError(0, 'offline', `${method} ${url} not sent: the browser is offline`);
    let response: Response;
    try {
      const abort = signal ? AbortSignal.any([signal, timeout]) : timeout;
      // A landing page's read may already be on its way (lib/early-reads.ts): it is awaited under
      // the same timeout and cancellation as a request sent here.
      const early = method === 'GET' && payload === undefined ? takeEarlyResponse(url) : undefined;
      response = await (early ? untilAborted(early, abort) : fetch(url, { method, headers, body: payload, credentials: 'include', signal: abort }));
    } catch (cause) {
      if (timeout.aborted) throw new ApiError(0, 'timeout', `${method} ${url} timed out after ${apiTimeoutMs} ms`);
      if (signal?.aborted) throw cause;
      throw new ApiError(0, 'network', `${method} ${url} failed: ${cause instanceof Error ? cause.message : String(cause)}`);
    }
    let text: string;
    try {
      text = await response.text();
    } catch (cause) {
      // The answer began but its body never finished arriving: as good as no answer.
      if (timeout.aborted) throw new ApiError(0, 'timeout', `${method} ${url} timed out after ${apiTimeoutMs} ms`);
      if (signal?.aborted) throw cause;
      throw new ApiError(0, 'network', `${method} ${url} failed while reading the answer: ${cause instanceof Error ? cause.message : String(cause)}`);
    }
    let json: unknown = undefined;
    if (text) {
      try {
        json = JSON.parse(text);
      } catch {
        throw new ApiError(response.status, 'invalid_response', `${method} ${url} answered ${response.status} without JSON`);
      }
    }
    if (!response.ok) {
      if (isErrorResponse(json)) throw new ApiError(response.status, json.error.code, json.error.message, json.error.details);
      throw new ApiError(response.status, 'invalid_response', `${method} ${url} answered ${response.status}`);
    }
    return json as Answer;
  } catch (error) {
    logFailure(error);
    throw error;
  }
}

/** What an upload cancelled by its signal rejects with (a form treats it as no error). */
export const uploadCancelled = 'cancelled';

/**
 * A multipart POST whose upload progress drives a progress bar, for the forms that send photos or
 * a film: through XMLHttpRequest, since fetch reports no upload progress. Otherwise as
 * `apiRequest`: cookies sent, refusals as ApiError, refused at once while offline (decision 063),
 * every failure logged. No time-out: a phone may take minutes over a film of 200 MB or five
 * photos. `signal` cancels the upload; it then rejects with the code `uploadCancelled`.
 */
export function uploadWithProgress<Answer>(path: string, form: FormData, { onProgress, signal }: { onProgress: (share: number) => void; signal?: AbortSignal }): Promise<Answer> {
  const url = `${apiBase}${path}`;
  const sent = new Promise<Answer>((resolve, reject) => {
    if (typeof navigator !== 'undefined' && navigator.onLine === false) {
      reject(new ApiError(0, 'offline', `POST ${url} not sent: the browser is offline`));
      return;
    }
    if (signal?.aborted) {
      reject(new ApiError(0, uploadCancelled, `POST ${url} cancelled`));
      return;
    }
    const request = new XMLHttpRequest();
    request.open('POST', url);
    request.withCredentials = true;
    request.setRequestHeader('Accept', 'application/json');
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    signal?.addEventListener('abort', () => request.abort(), { once: true });
    request.onabort = () => reject(new ApiError(0, uploadCancelled, `POST ${url} cancelled`));
    request.onerror = () => reject(new ApiError(0, 'network', `POST ${url} failed`));
    request.onload = () => {
      let json: unknown;
      try {
        json = JSON.parse(request.responseText);
      } catch {
        reject(new ApiError(request.status, 'invalid_response', `POST ${url} answered ${request.status} without JSON`));
        return;
      }
      if (request.status >= 200 && request.status < 300) {
        onProgress(1);
        resolve(json as Answer);
        return;
      }
      if (isErrorResponse(json)) reject(new ApiError(request.status, json.error.code, json.error.message, json.error.details));
      else reject(new ApiError(request.status, 'invalid_response', `POST ${url} answered ${request.status}`));
    };
    request.send(form);
  });
  return sent.catch((error: unknown) => {
    if (!(error instanceof ApiError && error.code === uploadCancelled)) logFailure(error);
    throw error;
  });
}
