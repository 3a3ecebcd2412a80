import { useCallback, useRef } from 'react';
import { ApiError } from '../../../lib/http.ts';
import { newIdempotencyKey } from '../api/idempotency.ts';

/**
 * The idempotency key of the user's current action (docs/architecture.md#idempotency). The same action (the same
 * fingerprint: what is exchanged or refunded) keeps its key until the server has answered it for
 * good, so trying again after a lost answer can never apply it twice; a new action gets a new key.
 */
export function useActionKey() {
  const current = useRef<{ fingerprint: string; key: string } | null>(null);
  const keyFor = useCallback((fingerprint: string) => {
    if (current.current?.fingerprint !== fingerprint) current.current = { fingerprint, key: newIdempotencyKey() };
    return current.current.key;
  }, []);
  /** After an answer: a success or a refusal ends the action; a lost answer keeps the key for the retry. */
  const settle = useCallback((error: unknown) => {
    const answered = error === null || (error instanceof ApiError && error.status > 0 && error.status < 500);
    if (answered) current.current = null;
  }, []);
  return { keyFor, settle };
}
