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
import { isLanguage, type Language } from '@orchard/shared/locale-codes';
import { spaPaths } from '@orchard/shared/spa-paths';
import { sandboxCheckoutMessages } from './sandbox-checkout.messages.ts';
import { checkoutPage, messagePage } from './sandbox-checkout.page.ts';

const stylesheet = fs.readFileSync(path.join(import.meta.dirname, 'sandbox-checkout.css'));

const paramsSchema = z.strictObject({ checkoutId: z.string().regex(/^chk_[A-Za-z0-9_-]{10,64}$/) });
/** The page's language: `lang` from the checkout URL (the payments service puts the user's setting there). */
const pageQuerySchema = z.strictObject({ lang: z.string().max(10).optional() });

/** The language asked for, when it is one of the app's; English otherwise (a gateway's page default). */
const messagesFor = (lang: string | undefined) => sandboxCheckoutMessages[isLanguage(lang) ? lang : 'en'];
const approveBodySchema = z.strictObject({ method: z.enum(paymentMethods as [PaymentMethod, ...PaymentMethod[]]) });
const declineBodySchema = z.strictObject({
  code: z.enum(Object.keys(sandboxDeclineReasons) as [SandboxDeclineCode, ...SandboxDeclineCode[]]),
});

function html(reply: FastifyReply, status: number, page: string) {
  return reply.code(status).header('Cache-Control', 'no-store').type('text/html; charset=utf-8').send(page);
}

/**
 * The sandbox's checkout pages, in the user's language: the order, a payment method, approve / decline with a
 * reason / abandon. The forms post to this same origin, so they pass the app's CSRF origin check
 * (docs/quality.md#s3) without an exemption, and the redirects after them stay on the app's origin (form-action).
 */
export async function registerSandboxCheckoutRoutes(
  app: App,
  options: {
    sandbox: SandboxGateway;
    webhookUrl: string;
    /** The app's charge paid with an order id, if any: a finished checkout sends the browser back to it. */
    chargeIdOfOrder: (orderId: string) => Promise<string | null>;
  },
) {
  const { sandbox, webhookUrl, chargeIdOfOrder } = options;

  /**
   * A checkout that is not there or is finished. A finished one of an app charge goes back to the
   * app's completed-charge screen (Back after paying lands there, not on a dead end); otherwise a
   * page in the checkout's language says what happened.
   */
  async function refusal(reply: FastifyReply, checkoutId: string, error: unknown, language?: Language) {
    if (!(error instanceof SandboxCheckoutError)) throw error;
    const checkout = await sandbox.getCheckout(checkoutId);
    const messages = messagesFor(language ?? checkout?.request.language);
    if (error.reason === 'not_found' || !checkout) return html(reply, 404, messagePage(messages, messages.notFound));
    const chargeId = await chargeIdOfOrder(checkout.request.orderId);
    if (chargeId) return reply.redirect(spaPaths.completedCharge(chargeId), 303);
    return html(reply, 409, messagePage(messages, messages.finished));
  }

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
      { config: routeConfig, schema: { hide: true, params: paramsSchema, querystring: pageQuerySchema } },
      async (request, reply) => {
        const { checkoutId } = request.params;
        const lang = isLanguage(request.query.lang) ? request.query.lang : undefined;
        const checkout = await sandbox.getCheckout(checkoutId);
        if (!checkout) return refusal(reply, checkoutId, new SandboxCheckoutError('not_found', ''), lang);
        if (checkout.state !== 'pending') return refusal(reply, checkoutId, new SandboxCheckoutError('closed', ''), lang);
        return html(reply, 200, checkoutPage(checkout, messagesFor(lang ?? checkout.request.language)));
      },
    );

    scope.post(
      `${sandboxCheckoutPrefix}/checkout/:checkoutId/approve`,
      { config: routeConfig, schema: { hide: true, params: paramsSchema, body: approveBodySchema } },
      async (request, reply) => {
        try {
          return reply.redirect(await sandbox.approve(request.params.checkoutId, request.body.method), 303);
        } catch (error) {
          return refusal(reply, request.params.checkoutId, error);
        }
      },
    );

    scope.post(
      `${sandboxCheckoutPrefix}/checkout/:checkoutId/decline`,
      { config: routeConfig, schema: { hide: true, params: paramsSchema, body: declineBodySchema } },
      async (request, reply) => {
        try {
          return reply.redirect(await sandbox.decline(request.params.checkoutId, request.body.code), 303);
        } catch (error) {
          return refusal(reply, request.params.checkoutId, error);
        }
      },
    );

    scope.post(
      `${sandboxCheckoutPrefix}/checkout/:checkoutId/abandon`,
      { config: routeConfig, schema: { hide: true, params: paramsSchema } },
      async (request, reply) => {
        try {
          return reply.redirect(await sandbox.abandon(request.params.checkoutId), 303);
        } catch (error) {
          return refusal(reply, request.params.checkoutId, error);
        }
      },
    );
  });
}
