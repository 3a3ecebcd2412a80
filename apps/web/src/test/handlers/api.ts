import { HttpResponse } from 'msw';

/** Every handler matches the API under this prefix, as the web's http client sends it. */
export const api = (path: string) => `*/api${path}`;

/** An answer in the API's error shape: `{ error: { code, message } }`. */
export function apiError(status: number, code: string, details?: unknown) {
  return HttpResponse.json({ error: { code, message: code, ...(details === undefined ? {} : { details }) } }, { status });
}
