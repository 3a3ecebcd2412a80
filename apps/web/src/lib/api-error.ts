/**
 * An API answer that was not 2xx, or a call that never got an answer. Apart from the HTTP client
 * (lib/http.ts), which re-exports it, so the entry's translation set-up (lib/i18n.ts) can name it
 * without carrying the client into the entry (docs/quality.md#speed-web: entry ≤ 110 KB gzip).
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    /** The API's error code (docs/architecture.md#errors), or a client-side one: network, timeout, invalid_response. */
    readonly code: string,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}
