import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  chargeIdParamsSchema,
  chargeSchema,
  createChargeBodySchema,
  createChargeResponseSchema,
  guardianRefundBodySchema,
  guardianRefundPreviewSchema,
  guardianRefundResponseSchema,
  idempotencyKeyHeaderSchema,
  operatorChargeSearchQuerySchema,
  operatorChargeSearchResponseSchema,
  paymentFailQuerySchema,
  paymentSuccessQuerySchema,
  receiptResponseSchema,
  type ErrorCode,
} from '@orchard/shared';
import { spaPaths } from '@orchard/shared/spa-paths';
import { AppError } from '../../lib/errors.ts';
import { emptyBodySchema, emptyQuerySchema, errorResponses } from '../../lib/schemas.ts';
import { requireSession } from '../../plugins/session.ts';
import type { App } from '../../types.ts';
import { keyScopeOf } from '../idempotency/idempotency.service.ts';
import type { GatewayEventHandler, PaymentGateway } from './gateways/gateway.ts';
import type { SandboxGateway } from './gateways/sandbox.ts';
import { WebhookIgnoredError, WebhookVerificationError, type WebhookRefusal } from './gateways/webhook-signature.ts';
import type { GuardianRefundsService } from './guardian-refunds.service.ts';
import type { PaymentsService } from './payments.service.ts';
import { registerSandboxCheckoutRoutes } from './sandbox-checkout/sandbox-checkout.routes.ts';

const errors = errorResponses(400, 401, 403, 404, 409, 422, 429, 502);

/**
 * The payments routes: charges and refunds (under /api/points, where the web has always called
 * them), the gateway's returns, and its webhooks. Each handler is one call to the payments
 * service and maps the outcome to HTTP.
 */
export async function registerPaymentsRoutes(
  app: App,
  {
    payments,
    guardianRefunds,
    gateway,
    onEvent = payments.handleGatewayEvent,
  }: { payments: PaymentsService; guardianRefunds: GuardianRefundsService; gateway: PaymentGateway; onEvent?: GatewayEventHandler },
) {
  app.post(
    '/api/points/charges',
    {
      config: { access: 'joined' },
      schema: { tags: ['points'], headers: idempotencyKeyHeaderSchema, body: createChargeBodySchema, response: { 200: createChargeResponseSchema, ...errors } },
    },
    async (request) => {
      const { charge, checkoutUrl } = await payments.createCharge({ ...keyScopeOf(request, requireSession(request).userId), ...request.body });
      return { charge, checkoutUrl };
    },
  );

  app.get(
    '/api/points/charges/:chargeId',
    { config: { access: 'joined' }, schema: { tags: ['points'], params: chargeIdParamsSchema, querystring: emptyQuerySchema, response: { 200: chargeSchema, ...errors } } },
    async (request) => payments.charge(requireSession(request).userId, request.params.chargeId),
  );

  // A confirmed or refunded charge's receipt, to its buyer (docs/decisions/105-receipts-and-vat.md).
  app.get(
    '/api/points/charges/:chargeId/receipt',
    { config: { access: 'joined' }, schema: { tags: ['points'], params: chargeIdParamsSchema, querystring: emptyQuerySchema, response: { 200: receiptResponseSchema, ...errors } } },
    async (request) => ({ receipt: await payments.receipt(requireSession(request).userId, request.params.chargeId) }),
  );

  app.post(
    '/api/points/charges/:chargeId/refund',
    {
      config: { access: 'joined' },
      schema: { tags: ['points'], params: chargeIdParamsSchema, headers: idempotencyKeyHeaderSchema, body: emptyBodySchema, response: { 200: chargeSchema, ...errors } },
    },
    async (request) => {
      const { charge } = await payments.refund({ ...keyScopeOf(request, requireSession(request).userId), chargeId: request.params.chargeId });
      return charge;
    },
  );

  // A guardian's cancellation (docs/product.md#guardian-cancellation): operators only.
  app.get(
    '/api/operator/charges',
    {
      config: { access: 'operator' },
      schema: { tags: ['operator'], querystring: operatorChargeSearchQuerySchema, response: { 200: operatorChargeSearchResponseSchema, ...errors } },
    },
    async (request) => guardianRefunds.searchCharges(request.query.q),
  );

  app.get(
    '/api/operator/charges/:chargeId/guardian-refund',
    {
      config: { access: 'operator' },
      schema: { tags: ['operator'], params: chargeIdParamsSchema, querystring: emptyQuerySchema, response: { 200: guardianRefundPreviewSchema, ...errors } },
    },
    async (request) => guardianRefunds.preview(request.params.chargeId),
  );

  app.post(
    '/api/operator/charges/:chargeId/guardian-refund',
    {
      config: { access: 'operator' },
      schema: {
        tags: ['operator'],
        params: chargeIdParamsSchema,
        headers: idempotencyKeyHeaderSchema,
        body: guardianRefundBodySchema,
        response: { 200: guardianRefundResponseSchema, ...errors },
      },
    },
    async (request) => {
      const { refund, preview } = await guardianRefunds.refund({
        ...keyScopeOf(request, requireSession(request).userId),
        chargeId: request.params.chargeId,
        ...request.body,
      });
      return { refund, preview };
    },
  );

  // The gateway sends the customer's browser back here. Public (the gateway's redirect), acted on
  // only with the owner's session, and counted like a write: each one can call the gateway.
  const returnConfig = { access: 'public', rateLimitBucket: 'writes' } as const;

  app.get(
    '/api/payments/return/success',
    { config: returnConfig, schema: { tags: ['points'], querystring: paymentSuccessQuerySchema, response: { 302: z.null(), ...errors } } },
    async (request, reply) => {
      const { chargeId } = await payments.confirmReturn(request.session?.userId ?? null, request.query);
      return reply.redirect(spaPaths.completedCharge(chargeId), 302);
    },
  );

  app.get(
    '/api/payments/return/fail',
    { config: returnConfig, schema: { tags: ['points'], querystring: paymentFailQuerySchema, response: { 302: z.null(), ...errors } } },
    async (request, reply) => {
      const { chargeId } = await payments.failReturn(request.session?.userId ?? null, request.query);
      return reply.redirect(spaPaths.completedCharge(chargeId), 302);
    },
  );

  await registerGatewayRoutes(app, { gateway, onEvent, chargeIdOfOrder: payments.chargeIdOfOrder });
}

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
 * The configured gateway's webhook route, and for the sandbox its checkout pages. `onEvent` is the
 * payments service's handler (it deduplicates by event id: docs/quality.md#s10, docs/quality.md#r4).
 */
async function registerGatewayRoutes(
  app: App,
  { gateway, onEvent, chargeIdOfOrder }: { gateway: PaymentGateway; onEvent: GatewayEventHandler; chargeIdOfOrder: (orderId: string) => Promise<string | null> },
) {
  await app.register(async (plugin) => {
    // docs/quality.md#s10: the signature covers the exact bytes sent, so this route must see them unparsed; the
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
    await registerSandboxCheckoutRoutes(app, { sandbox: gateway as SandboxGateway, webhookUrl: `${paymentWebhookPath}/sandbox`, chargeIdOfOrder });
  }
}

