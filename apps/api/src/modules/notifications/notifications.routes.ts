import {
  notificationListQuerySchema,
  notificationListResponseSchema,
  notificationParamsSchema,
  notificationPreferencesPatchSchema,
  notificationPreferencesSchema,
  notificationReadResponseSchema,
  notificationsReadAllResponseSchema,
} from '@orchard/shared';
import { emptyBodySchema, emptyQuerySchema, errorResponses } from '../../lib/schemas.ts';
import { requireSession } from '../../plugins/session.ts';
import type { App } from '../../types.ts';
import type { NotificationsService } from './notifications.service.ts';

const errors = errorResponses(400, 401, 403, 404);
const preferenceErrors = errorResponses(400, 401, 403, 413);

export function registerNotificationsRoutes(app: App, { notifications }: { notifications: NotificationsService }) {
  app.get(
    '/api/notifications',
    {
      config: { access: 'joined' },
      schema: { tags: ['notifications'], querystring: notificationListQuerySchema, response: { 200: notificationListResponseSchema, ...errors } },
    },
    async (request) => notifications.list(requireSession(request).userId, request.query),
  );

  app.post(
    '/api/notifications/:notificationId/read',
    {
      config: { access: 'joined' },
      schema: {
        tags: ['notifications'],
        params: notificationParamsSchema,
        body: emptyBodySchema,
        response: { 200: notificationReadResponseSchema, ...errors },
      },
    },
    async (request) => notifications.markRead(requireSession(request).userId, request.params.notificationId),
  );

  app.post(
    '/api/notifications/read-all',
    {
      config: { access: 'joined' },
      schema: { tags: ['notifications'], querystring: emptyQuerySchema, body: emptyBodySchema, response: { 200: notificationsReadAllResponseSchema, ...errors } },
    },
    async (request) => notifications.markAllRead(requireSession(request).userId),
  );

  // Mail on or off per kind, on the profile (docs/product.md#notifications).
  app.get(
    '/api/notifications/preferences',
    {
      config: { access: 'joined' },
      schema: { tags: ['notifications'], querystring: emptyQuerySchema, response: { 200: notificationPreferencesSchema, ...preferenceErrors } },
    },
    async (request) => notifications.preferences(requireSession(request).userId),
  );

  app.patch(
    '/api/notifications/preferences',
    {
      config: { access: 'joined' },
      schema: {
        tags: ['notifications'],
        querystring: emptyQuerySchema,
        body: notificationPreferencesPatchSchema,
        response: { 200: notificationPreferencesSchema, ...preferenceErrors },
      },
    },
    async (request) => notifications.updatePreferences(requireSession(request).userId, request.body),
  );
}
