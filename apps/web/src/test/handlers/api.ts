import { HttpResponse } from 'msw';

/** Every handler matches the API under this prefix, as the web's http client sends it. */
export const api = (path: string) => `*/api${path}`;

/** An answer in the API's error shape: `{ error: { code, message } }`. */
export function apiError(status: number, code: string, details?: unknown) {
  return HttpResponse.json({ error: { code, message: code, ...(details === undefined ? {} : { details }) } }, { status });
}

/** What a test asserts about a request its handler answered: method, path with query, headers and JSON body. */
export type SentRequest = { method: string; url: string; headers: Headers; body: unknown };

export async function sentRequest(request: Request): Promise<SentRequest> {
  const { pathname, search } = new URL(request.url);
  const isJson = request.headers.get('Content-Type') === 'application/json';
  return { method: request.method, url: pathname + search, headers: request.headers, body: isJson ? await request.clone().json() : null };
}
