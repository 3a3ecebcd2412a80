import { useCallback, useRef } from 'react';
import { ApiError, isOfflineFailure } from './http.ts';
import { mutationRetryLimit } from './query-client.ts';

/**
 * The idempotency key of the user's current action (docs/architecture.md#idempotency), for any
 * feature's keyed write. The same action (the same fingerprint) keeps its key until the server
 * has answered it for good, so trying again after a lost answer never applies it twice.
 */
export function useActionKey() {
  const current = useRef<{ fingerprint: string; key: string } | null>(null);
  const keyFor = useCallback((fingerprint: string) => {
    if (current.current?.fingerprint !== fingerprint) current.current = { fingerprint, key: crypto.randomUUID() };
    return current.current.key;
  }, []);
  /** After an answer: a success or a refusal ends the action; a lost answer keeps the key for the retry. */
  const settle = useCallback((error: unknown) => {
    const answered = error === null || (error instanceof ApiError && error.status > 0 && error.status < 500);
    if (answered) current.current = null;
  }, []);
  return { keyFor, settle };
}

/** A keyed write is retried only when it may not have arrived; a refusal is final and shown at once. */
export function shouldRetryKeyedWrite(failureCount: number, error: unknown): boolean {
  if (!(error instanceof ApiError) || isOfflineFailure(error)) return false;
  const mayNotHaveArrived = error.status === 0 || error.status >= 500;
  return mayNotHaveArrived && failureCount < mutationRetryLimit;
}
