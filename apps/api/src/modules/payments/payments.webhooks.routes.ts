import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { ErrorCode } from '@orchard/shared';
import { AppError } from '../../lib/errors.ts';
import type { GatewayEventHandler, PaymentGateway } from './gateways/gateway.ts';
import type { SandboxGateway } from './gateways/sandbox.ts';
import { WebhookIgnoredError, WebhookVerificationError, type WebhookRefusal } from './gateways/webhook-signature.ts';
import type { App } from '../../types.ts';
import { registerSandboxGatewayRoutes } from './sandbox-checkout/sandbox-checkout.routes.ts';

export const paymentWebhookPath = '/api/payments/webhooks';

/** Gateway events are small; anything bigger is not one of them. */
const webhookBodyLimit = 64 * 1024;

const refusals: Record<WebhookRefusal, [number, ErrorCode]> = {
  unsigned: [401, 'payments.webhook_unsigned'],
  signature_invalid: [401, 'payments.webhook_signature_invalid'],
  stale: [400, 'payments.webhook_stale'],
  malformed: [400, 'payments.webhook_malformed'],
};

/**
 * Mounts the configured payment gateway: its webhook route, and for the sandbox its checkout
 * pages. `onEvent` is the payments service's handler (it deduplicates by event id, S10/R4).
 */
export async function registerPaymentGateway(app: App, options: { gateway: PaymentGateway; onEvent: GatewayEventHandler }) {
  const { gateway, onEvent } = options;

  await app.register(async (plugin) => {
    // S10: the signature covers the exact bytes sent, so this route must see them unparsed; the
    // parser is scoped to this plugin and leaves every other route's JSON parsing alone.
    plugin.removeAllContentTypeParsers();
    plugin.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: webhookBodyLimit }, (_request, body, done) => done(null, body));
    const scope = plugin.withTypeProvider<ZodTypeProvider>();
    scope.post(
      `${paymentWebhookPath}/:gateway`,
      {
        // Gateways are servers, not browsers: no session, no Origin; the HMAC signature is the proof.
        config: { access: 'public', csrf: false, rateLimitBucket: 'none' },
        schema: {
          summary: 'Receives a signed payment-gateway webhook',
          params: z.strictObject({ gateway: z.string().max(20) }),
        },
      },
      async (request, reply) => {
        if (request.params.gateway !== gateway.id) {
          throw new AppError(404, 'payments.gateway_unknown', 'This gateway is not configured.');
        }
        const rawBody = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        let event;
        try {
          event = gateway.parseWebhook(rawBody, request.headers);
        } catch (error) {
          if (error instanceof WebhookIgnoredError) return reply.code(200).send({ received: true, ignored: true });
          if (error instanceof WebhookVerificationError) {
            const [status, code] = refusals[error.refusal];
            request.log.warn({ refusal: error.refusal }, 'payment webhook refused');
            throw new AppError(status, code, error.message);
          }
          throw error;
        }
        // A handler failure becomes a 5xx, and the gateway delivers the event again later.
        await onEvent(event, gateway);
        return reply.code(200).send({ received: true });
      },
    );
  });

  if (gateway.id === 'sandbox') {
    await registerSandboxGatewayRoutes(app, { sandbox: gateway as SandboxGateway, webhookUrl: `${paymentWebhookPath}/sandbox` });
  }
}

/**
 * Until the payments service handles events, refuse them with a 5xx so nothing is acknowledged
 * that was not processed; a gateway redelivers refused events.
 */
export const unhandledPaymentEvent: GatewayEventHandler = async (event) => {
  throw new Error(`no payment event handler is wired for ${event.type} ${event.eventId}`);
};
