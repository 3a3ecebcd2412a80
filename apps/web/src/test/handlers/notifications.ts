import { mailableNotificationKinds } from '@orchard/shared';
import { http, HttpResponse } from 'msw';
import { api } from './api.ts';

export const notificationsHandlers = [
  http.get(api('/notifications'), () => HttpResponse.json({ items: [], nextCursor: null })),
  // The profile page's mail card reads these: every kind's mail on, as for a new account.
  http.get(api('/notifications/preferences'), () => HttpResponse.json({ mail: Object.fromEntries(mailableNotificationKinds.map((kind) => [kind, true])) })),
];
