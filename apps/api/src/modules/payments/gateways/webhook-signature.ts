import { createHmac, timingSafeEqual } from 'node:crypto';

/** docs/quality.md#s10: a webhook older or newer than this (against the injected clock) is refused as stale. */
export const webhookToleranceMs = 5 * 60_000;

export type WebhookRefusal = 'unsigned' | 'signature_invalid' | 'stale' | 'malformed';

/**
 * Why a webhook was refused, before anything was processed. The route maps `unsigned` and
 * `signature_invalid` to 401 and the rest to 400, each with a `payments.webhook_*` code.
 */
export class WebhookVerificationError extends Error {
  constructor(
    readonly refusal: WebhookRefusal,
    message: string,
  ) {
    super(message);
    this.name = 'WebhookVerificationError';
  }
}

/**
 * A verified event the adapter deliberately does not turn into a GatewayEvent (a Toss status such
 * as READY or WAITING_FOR_DEPOSIT). The route answers 200 so the gateway stops redelivering.
 */
export class WebhookIgnoredError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WebhookIgnoredError';
  }
}

export function hmacSha256(secret: string, ...parts: (string | Buffer)[]): Buffer {
  const hmac = createHmac('sha256', secret);
  for (const part of parts) hmac.update(part);
  return hmac.digest();
}

/** Constant-time comparison: a byte-by-byte early exit would leak how much of a forgery was right. */
export function signaturesEqual(expected: Buffer, received: Buffer): boolean {
  return expected.length === received.length && timingSafeEqual(expected, received);
}

export function singleHeader(headers: Record<string, string | string[] | undefined>, name: string): string | undefined {
  const value = headers[name.toLowerCase()];
  if (Array.isArray(value)) return value.length === 1 ? value[0] : undefined;
  return value;
}

export function assertFresh(sentAt: Date, now: Date) {
  if (Number.isNaN(sentAt.getTime())) throw new WebhookVerificationError('malformed', 'The webhook timestamp is not a time.');
  if (Math.abs(now.getTime() - sentAt.getTime()) > webhookToleranceMs) {
    throw new WebhookVerificationError('stale', 'The webhook timestamp is outside the 5-minute tolerance.');
  }
}

export function parseJsonBody(rawBody: Buffer): unknown {
  try {
    return JSON.parse(rawBody.toString('utf8'));
  } catch {
    throw new WebhookVerificationError('malformed', 'The webhook body is not JSON.');
  }
}
