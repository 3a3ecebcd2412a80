import {
  chargePackages,
  chargePackagesResponseSchema,
  exchangeBodySchema,
  exchangeResponseSchema,
  historyDetailResponseSchema,
  historyQuerySchema,
  historyResponseSchema,
  idempotencyKeyHeaderSchema,
  krwPerOrange,
  pointBalancesResponseSchema,
  reconciliationResponseSchema,
  statementQuerySchema,
  statementResponseSchema,
  transactionIdParamsSchema,
} from '@orchard/shared';
import { z } from 'zod';
import { attachmentNamed } from '../../lib/csv.ts';
import { emptyQuerySchema, errorResponses } from '../../lib/schemas.ts';
import { requireSession } from '../../plugins/session.ts';
import type { App } from '../../types.ts';
import { keyScopeOf } from '../idempotency/idempotency.service.ts';
import type { PointsService } from './points.service.ts';
import type { StatementService } from './points.statement.ts';

const errors = errorResponses(400, 401, 403, 404, 409, 422);

/**
 * The points routes (docs/architecture.md#api-conventions): each handler is one call to the points
 * service and maps its outcome to HTTP. Charges and refunds are the payments module's routes.
 */
export function registerPointsRoutes(app: App, { points, statement }: { points: PointsService; statement: StatementService }) {
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
    '/api/points/exchange',
    {
      config: { access: 'joined' },
      schema: { tags: ['points'], headers: idempotencyKeyHeaderSchema, body: exchangeBodySchema, response: { 200: exchangeResponseSchema, ...errors } },
    },
    async (request) => {
      const { userId, key, hash } = keyScopeOf(request, requireSession(request).userId);
      const { value } = await points.exchange({ userId, key, requestHash: hash, orange: request.body.orange });
      return { ...value, spendTransactionId: String(value.spendTransactionId), exchangeTransactionId: String(value.exchangeTransactionId) };
    },
  );

  app.get(
    '/api/points/history',
    { config: { access: 'joined' }, schema: { tags: ['points'], querystring: historyQuerySchema, response: { 200: historyResponseSchema, ...errors } } },
    async (request) => points.history(requireSession(request).userId, request.query),
  );

  app.get(
    '/api/points/history/:transactionId',
    {
      config: { access: 'joined' },
      schema: { tags: ['points'], params: transactionIdParamsSchema, querystring: emptyQuerySchema, response: { 200: historyDetailResponseSchema, ...errors } },
    },
    async (request) => points.historyEntry(requireSession(request).userId, Number(request.params.transactionId)),
  );

  // One KST year of the ledger with its totals, as JSON or a CSV download (docs/decisions/106-yearly-statement.md).
  app.get(
    '/api/points/statement',
    {
      config: { access: 'joined' },
      schema: {
        tags: ['points'],
        querystring: statementQuerySchema,
        // format=csv answers a text/csv download (UTF-8 with a BOM, the header in the user's language).
        response: { 200: statementResponseSchema.or(z.string().describe('text/csv')), ...errors },
      },
    },
    async (request, reply) => {
      const { year, format } = request.query;
      const { statement: answer, language } = await statement.statement(requireSession(request).userId, year);
      if (format === 'json') return answer;
      // A string with a content type of its own is sent as it is, past the JSON serializer.
      return reply
        .header('Content-Type', 'text/csv; charset=utf-8')
        .header('Content-Disposition', attachmentNamed(`orchard-statement-${year}.csv`))
        .send(statement.statementCsv(answer, language));
    },
  );

  app.get(
    '/api/operator/ledger/reconciliation',
    { config: { access: 'operator' }, schema: { tags: ['operator'], querystring: emptyQuerySchema, response: { 200: reconciliationResponseSchema, ...errors } } },
    async () => points.reconcile(),
  );
}
