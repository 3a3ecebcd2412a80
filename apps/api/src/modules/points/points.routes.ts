import { z } from 'zod';
import {
  chargeIdParamsSchema,
  chargePackages,
  chargePackagesResponseSchema,
  chargeSchema,
  createChargeBodySchema,
  createChargeResponseSchema,
  errorResponseSchema,
  exchangeBodySchema,
  exchangeResponseSchema,
  historyDetailResponseSchema,
  historyQuerySchema,
  historyResponseSchema,
  idempotencyKeyHeaderSchema,
  krwPerOrange,
  paymentFailQuerySchema,
  paymentSuccessQuerySchema,
  pointBalancesResponseSchema,
  reconciliationResponseSchema,
  transactionIdParamsSchema,
} from '@orchard/shared';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { emptyBodySchema, emptyQuerySchema } from '../../lib/schemas.ts';
import { requireSession } from '../../plugins/session.ts';
import type { App } from '../../types.ts';
import type { HistoryService } from './history.ts';
import { requestHash, runIdempotent, runOnLedgerKey } from './idempotency.ts';
import { completedChargePath, type PaymentsService } from './payments.service.ts';
import type { PointsService } from './points.service.ts';
import { reconcileLedger } from './reconciliation.ts';

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
  422: errorResponseSchema,
  502: errorResponseSchema,
};

/** Thin routes over the points and payments services (ARCHITECTURE §3). */
export function registerPointsRoutes(
  app: App,
  { db, clock, points, payments, history }: { db: Db; clock: Clock; points: PointsService; payments: PaymentsService; history: HistoryService },
) {
  app.get(
    '/api/points/balances',
    { config: { access: 'joined' }, schema: { tags: ['points'], querystring: emptyQuerySchema, response: { 200: pointBalancesResponseSchema, ...errors } } },
    async (request) => points.balances(requireSession(request).userId),
  );

  app.get(
    '/api/points/packages',
    { config: { access: 'public' }, schema: { tags: ['points'], querystring: emptyQuerySchema, response: { 200: chargePackagesResponseSchema, ...errors } } },
    async () => ({ krwPerOrange, items: [...chargePackages] }),
  );

  app.post(
    '/api/points/charges',
    {
      config: { access: 'joined' },
      schema: { tags: ['points'], headers: idempotencyKeyHeaderSchema, body: createChargeBodySchema, response: { 200: createChargeResponseSchema, ...errors } },
    },
    async (request, reply) => {
      const { userId } = requireSession(request);
      const answer = await runIdempotent(
        db,
        clock,
        { userId, key: request.headers['idempotency-key'], hash: requestHash('POST', '/api/points/charges', request.body) },
        async (tx) => ({ statusCode: 200, body: { chargeId: await payments.createChargeWithin(tx, userId, request.body) } }),
      );
      if (answer.statusCode !== 200) return reply.code(answer.statusCode).send(answer.body as never);
      // The gateway is called after the key's transaction committed, as for refunds.
      return payments.openCheckout(userId, (answer.body as { chargeId: string }).chargeId);
    },
  );

  app.get(
    '/api/points/charges/:chargeId',
    { config: { access: 'joined' }, schema: { tags: ['points'], params: chargeIdParamsSchema, querystring: emptyQuerySchema, response: { 200: chargeSchema, ...errors } } },
    async (request) => payments.charge(requireSession(request).userId, request.params.chargeId),
  );

  app.post(
    '/api/points/charges/:chargeId/refund',
    {
      config: { access: 'joined' },
      schema: { tags: ['points'], params: chargeIdParamsSchema, headers: idempotencyKeyHeaderSchema, body: emptyBodySchema, response: { 200: chargeSchema, ...errors } },
    },
    async (request, reply) => {
      const { userId } = requireSession(request);
      const { chargeId } = request.params;
      const first = await runIdempotent(
        db,
        clock,
        { userId, key: request.headers['idempotency-key'], hash: requestHash('POST', `/api/points/charges/${chargeId}/refund`, request.body ?? null) },
        async (tx) => ({ statusCode: 200, body: await payments.beginRefundWithin(tx, userId, chargeId) }),
      );
      if (first.statusCode !== 200) return reply.code(first.statusCode).send(first.body as never);
      // The gateway is called after the ledger transaction committed (never under a row lock).
      await payments.finishRefund(chargeId);
      return payments.charge(userId, chargeId);
    },
  );

  app.get(
    '/api/payments/return/success',
    { config: { access: 'public' }, schema: { tags: ['points'], querystring: paymentSuccessQuerySchema, response: { 302: z.null(), ...errors } } },
    async (request, reply) => reply.redirect(completedChargePath(await payments.confirmReturn(request.query)), 302),
  );

  app.get(
    '/api/payments/return/fail',
    { config: { access: 'public' }, schema: { tags: ['points'], querystring: paymentFailQuerySchema, response: { 302: z.null(), ...errors } } },
    async (request, reply) => reply.redirect(completedChargePath(await payments.failReturn(request.query)), 302),
  );

  app.post(
    '/api/points/exchange',
    {
      config: { access: 'joined' },
      schema: { tags: ['points'], headers: idempotencyKeyHeaderSchema, body: exchangeBodySchema, response: { 200: exchangeResponseSchema, ...errors } },
    },
    async (request, reply) => {
      const { userId } = requireSession(request);
      const key = request.headers['idempotency-key'];
      const hash = requestHash('POST', '/api/points/exchange', request.body);
      // decision 011: one autocommit statement; the key lives on the exchange's own ledger row.
      const answer = await runOnLedgerKey(db, clock, { userId, key, hash }, async () => {
        const outcome = await points.exchange({ userId, orange: request.body.orange, idempotencyKey: key, requestHash: hash });
        if (outcome.kind === 'answered-before') return outcome;
        const { result } = outcome;
        const body = { ...result, spendTransactionId: String(result.spendTransactionId), exchangeTransactionId: String(result.exchangeTransactionId) };
        return { ...outcome, answer: { statusCode: 200, body } };
      });
      return reply.code(answer.statusCode).send(answer.body as never);
    },
  );

  app.get(
    '/api/points/history',
    { config: { access: 'joined' }, schema: { tags: ['points'], querystring: historyQuerySchema, response: { 200: historyResponseSchema, ...errors } } },
    async (request) => history.page(requireSession(request).userId, request.query),
  );

  app.get(
    '/api/points/history/:transactionId',
    {
      config: { access: 'joined' },
      schema: { tags: ['points'], params: transactionIdParamsSchema, querystring: emptyQuerySchema, response: { 200: historyDetailResponseSchema, ...errors } },
    },
    async (request) => history.detail(requireSession(request).userId, Number(request.params.transactionId)),
  );

  app.get(
    '/api/operator/ledger/reconciliation',
    { config: { access: 'operator' }, schema: { tags: ['operator'], querystring: emptyQuerySchema, response: { 200: reconciliationResponseSchema, ...errors } } },
    async () => reconcileLedger(db, clock.now()),
  );
}
