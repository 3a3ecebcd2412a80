import { conflict } from '../../lib/errors.ts';

/** docs/architecture.md#idempotency: the same Idempotency-Key with another request. */
export const idempotencyKeyReused = () =>
  conflict('idempotency.key_reused', 'This Idempotency-Key was already used for a different request.');
