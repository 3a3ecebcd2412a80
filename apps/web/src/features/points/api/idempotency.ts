/**
 * One key per user action (docs/architecture.md#idempotency): made when the user confirms, and
 * reused by every retry of that action, so a retried write is applied at most once.
 */
export function newIdempotencyKey(): string {
  return crypto.randomUUID();
}
