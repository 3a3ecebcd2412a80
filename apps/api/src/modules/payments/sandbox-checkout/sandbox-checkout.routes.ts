import fs from 'node:fs';
import path from 'node:path';
import formbody from '@fastify/formbody';
import type { FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { paymentMethods, type PaymentMethod } from '../gateways/gateway.ts';
import {
  sandboxCheckoutPrefix,
  sandboxDeclineReasons,
  SandboxCheckoutError,
  type SandboxDeclineCode,
  type SandboxGateway,
} from '../gateways/sandbox.ts';
import type { App } from '../../../types.ts';
import { checkoutPage, messagePage } from './sandbox-checkout.page.ts';

const stylesheet = fs.readFileSync(path.join(import.meta.dirname, 'sandbox-checkout.css'));

const paramsSchema = z.strictObject({ checkoutId: z.string().regex(/^chk_[A-Za-z0-9_-]{10,64}$/) });
const approveBodySchema = z.strictObject({ method: z.enum(paymentMethods as [PaymentMethod, ...PaymentMethod[]]) });
const declineBodySchema = z.strictObject({
  code: z.enum(Object.keys(sandboxDeclineReasons) as [SandboxDeclineCode, ...SandboxDeclineCode[]]),
});

function html(reply: FastifyReply, status: number, page: string) {
  return reply.code(status).header('Cache-Control', 'no-store').type('text/html; charset=utf-8').send(page);
}

function refusal(reply: FastifyReply, error: unknown) {
  if (!(error instanceof SandboxCheckoutError)) throw error;
  return error.reason === 'not_found'
    ? html(reply, 404, messagePage('Payment not found', 'This sandbox payment does not exist. Go back to the shop and start again.'))
    : html(reply, 409, messagePage('Payment already finished', 'This sandbox payment has already been approved, declined or left.'));
}

/**
 * The sandbox's checkout pages (issue 4): the order, a payment method, approve / decline with a
 * reason / abandon. The forms post to this same origin, so they pass the app's CSRF origin check
 * (S3) without an exemption, and the redirects after them stay on the app's origin (form-action).
 */
export async function registerSandboxCheckoutRoutes(app: App, options: { sandbox: SandboxGateway; webhookUrl: string }) {
  const { sandbox, webhookUrl } = options;
  // Webhooks reach the app's own route in this process, as the development identity provider does.
  sandbox.connect(async (rawBody, headers) => {
    const response = await app.inject({ method: 'POST', url: webhookUrl, headers, payload: rawBody });
    return response.statusCode;
  });

  await app.register(async (plugin) => {
    await plugin.register(formbody);
    const scope = plugin.withTypeProvider<ZodTypeProvider>();
    const routeConfig = { access: 'public' } as const;

    scope.get(`${sandboxCheckoutPrefix}/sandbox-checkout.css`, { config: routeConfig, schema: { hide: true } }, (_request, reply) =>
      reply.header('Cache-Control', 'no-cache').type('text/css; charset=utf-8').send(stylesheet),
    );

    scope.get(
      `${sandboxCheckoutPrefix}/checkout/:checkoutId`,
      { config: routeConfig, schema: { hide: true, params: paramsSchema } },
      (request, reply) => {
        const checkout = sandbox.getCheckout(request.params.checkoutId);
        if (!checkout) return refusal(reply, new SandboxCheckoutError('not_found', ''));
        if (checkout.state !== 'pending') return refusal(reply, new SandboxCheckoutError('closed', ''));
        return html(reply, 200, checkoutPage(checkout));
      },
    );

    scope.post(
      `${sandboxCheckoutPrefix}/checkout/:checkoutId/approve`,
      { config: routeConfig, schema: { hide: true, params: paramsSchema, body: approveBodySchema } },
      (request, reply) => {
        try {
          return reply.redirect(sandbox.approve(request.params.checkoutId, request.body.method), 303);
        } catch (error) {
          return refusal(reply, error);
        }
      },
    );

    scope.post(
      `${sandboxCheckoutPrefix}/checkout/:checkoutId/decline`,
      { config: routeConfig, schema: { hide: true, params: paramsSchema, body: declineBodySchema } },
      (request, reply) => {
        try {
          return reply.redirect(sandbox.decline(request.params.checkoutId, request.body.code), 303);
        } catch (error) {
          return refusal(reply, error);
        }
      },
    );

    scope.post(
      `${sandboxCheckoutPrefix}/checkout/:checkoutId/abandon`,
      { config: routeConfig, schema: { hide: true, params: paramsSchema } },
      (request, reply) => {
        try {
          return reply.redirect(sandbox.abandon(request.params.checkoutId), 303);
        } catch (error) {
          return refusal(reply, error);
        }
      },
    );
  });
}
