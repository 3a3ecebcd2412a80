import { randomBytes } from 'node:crypto';
import type { Config } from '../../../config.ts';
import type { Db } from '../../../db/client.ts';
import type { Clock } from '../../../lib/clock.ts';
import type { PaymentGateway } from './gateway.ts';
import { createSandboxGateway } from './sandbox.ts';
import { createTossGateway } from './toss.ts';

/** The gateway the configuration asks for (docs/product.md#payments: sandbox by default, Toss by environment). */
export function createPaymentGateway(config: Config, clock: Clock, db: Db): PaymentGateway {
  const { payments } = config;
  if (payments.gateway === 'toss') {
    // loadConfig refuses PAYMENT_GATEWAY=toss without its keys, so this holds.
    const toss = payments.toss!;
    return createTossGateway({ settings: { ...toss, timeoutMs: payments.timeoutMs }, clock });
  }
  // Each process signs the events it delivers to its own webhook route, so a per-process key is
  // enough by default; its checkouts and payments are in the database, shared by every process.
  const webhookSecret = payments.sandboxWebhookSecret ?? randomBytes(32).toString('base64url');
  return createSandboxGateway({ db, publicUrl: config.publicUrl, clock, webhookSecret });
}
