import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Access } from '../../src/types.ts';
import { createTestContext, type TestContext } from '../harness.ts';
import { apiRoutes, fillRoute } from './route-fixtures.ts';

/**
 * docs/quality.md#s1: who may call what. This table is written independently of the routes' own declarations:
 * a new route without a row here fails, and a route whose behaviour differs from its row fails.
 */
const expectedAccess: Record<string, Access> = {
  'GET /api/health': 'public',
  'GET /api/ready': 'public',
  'GET /api/health/ready': 'public',
  'GET /api/auth/providers': 'public',
  'GET /api/auth/:provider/start': 'public',
  'GET /api/auth/:provider/callback': 'public',
  'POST /api/auth/apple/callback': 'public',
  'GET /api/auth/x/link/start': 'joined',
  'GET /api/auth/me': 'session',
  'POST /api/auth/logout': 'public',
  'POST /api/auth/logout-everywhere': 'session',
  'DELETE /api/users/user-profile/x-link': 'joined',
  'GET /api/users/display-info': 'session',
  'PATCH /api/users/user-profile/currency-and-language': 'session',
  'GET /api/users/user-profile': 'joined',
  'PATCH /api/users/user-profile': 'joined',
  'GET /api/users/nickname-availability': 'session',
  'PUT /api/users/user-profile/picture': 'joined',
  'DELETE /api/users/user-profile/picture': 'joined',
  'DELETE /api/users/me': 'session',
  'GET /api/join': 'session',
  'POST /api/join/agreements': 'session',
  'POST /api/join/complete': 'session',
  'GET /api/artists': 'public',
  'GET /api/artists/:artistId': 'public',
  'GET /api/users/following-artists': 'joined',
  'PUT /api/users/following-artists/:artistId': 'joined',
  'DELETE /api/users/following-artists/:artistId': 'joined',
  'GET /api/exchange-rates': 'public',
  'GET /api/rankings/artists': 'public',
  'POST /api/payments/webhooks/:gateway': 'public',
  'GET /api/points/balances': 'joined',
  'GET /api/points/packages': 'public',
  'POST /api/points/charges': 'joined',
  'GET /api/points/charges/:chargeId': 'joined',
  'POST /api/points/charges/:chargeId/refund': 'joined',
  'GET /api/points/charges/:chargeId/receipt': 'joined',
  'GET /api/points/statement': 'joined',
  'GET /api/payments/return/success': 'public',
  'GET /api/payments/return/fail': 'public',
  'POST /api/points/exchange': 'joined',
  'GET /api/points/history': 'joined',
  'GET /api/points/history/:transactionId': 'joined',
  'GET /api/operator/ledger/reconciliation': 'operator',
  // a guardian's cancellation (guardian-refunds.test.ts: operators only)
  'GET /api/operator/charges': 'operator',
  'GET /api/operator/charges/:chargeId/guardian-refund': 'operator',
  'POST /api/operator/charges/:chargeId/guardian-refund': 'operator',
  // media catalogue and notifications (per-owner rows: notifications.test.ts)
  'GET /api/media': 'public',
  'GET /api/media/:mediaId': 'public',
  'GET /api/ad-packages': 'public',
  'GET /api/notifications': 'joined',
  'POST /api/notifications/:notificationId/read': 'joined',
  'POST /api/notifications/read-all': 'joined',
  'GET /api/notifications/preferences': 'joined',
  'PATCH /api/notifications/preferences': 'joined',
  'GET /api/operator/mails': 'operator',
  // projects (the per-object rows, creator vs other user, are in projects.security.test.ts)
  'POST /api/project-requests': 'joined',
  'GET /api/projects': 'public',
  'GET /api/search': 'public',
  'GET /api/projects/:projectId': 'public',
  'GET /api/operator/project-requests': 'operator',
  'GET /api/operator/audit-log': 'operator',
  'POST /api/operator/projects/:projectId/decision': 'operator',
  'PUT /api/projects/:projectId/thumbnail': 'joined',
  'POST /api/projects/:projectId/creation': 'joined',
  'GET /api/my/projects': 'joined',
  'GET /api/my/projects/artists': 'joined',
  'POST /api/projects/:projectId/participations': 'joined',
  'GET /api/projects/:projectId/participations': 'public',
  'POST /api/operator/projects/:projectId/cancellation': 'operator',
  'GET /api/operator/projects/:projectId/cancellation-preview': 'operator',
  'POST /api/operator/projects/:projectId/proofs': 'operator',
  'POST /api/operator/proofs/:proofId/withdrawal': 'operator',
  'GET /api/projects/:projectId/proof': 'public',
  'GET /api/projects/:projectId/settlement': 'public',
  'POST /api/operator/events': 'operator',
  // community (the per-object row, author vs other user, is in community.test.ts: a stranger's DELETE answers 404)
  'GET /api/projects/:projectId/comments': 'public',
  'POST /api/projects/:projectId/comments': 'joined',
  'DELETE /api/comments/:commentId': 'joined',
  'PUT /api/projects/:projectId/like': 'joined',
  'DELETE /api/projects/:projectId/like': 'joined',
  'GET /api/artists/:artistId/posts': 'public',
  'POST /api/artists/:artistId/posts': 'joined',
  'PATCH /api/posts/:postId': 'joined',
  'DELETE /api/posts/:postId': 'joined',
  'GET /api/posts/:postId/comments': 'public',
  'POST /api/posts/:postId/comments': 'joined',
  'PUT /api/posts/:postId/like': 'joined',
  'DELETE /api/posts/:postId/like': 'joined',
  'GET /api/films/:filmId/comments': 'public',
  'POST /api/films/:filmId/comments': 'joined',
  'PUT /api/films/:filmId/like': 'joined',
  'DELETE /api/films/:filmId/like': 'joined',
  // films (the per-object rows, author vs other user vs operator, are in films.test.ts)
  'GET /api/films': 'public',
  'GET /api/films/limits': 'public',
  'GET /api/films/:filmId': 'public',
  'POST /api/films': 'joined',
  'POST /api/films/uploads': 'joined',
  'DELETE /api/films/:filmId': 'joined',
  'POST /api/reports': 'joined',
  'GET /api/operator/reports': 'operator',
  'POST /api/operator/reports/:reportId/decision': 'operator',
  // customer support (the per-object rows, author vs other fan vs operator, are in support.test.ts)
  'GET /api/faq': 'public',
  'POST /api/inquiries': 'joined',
  'GET /api/inquiries': 'joined',
  'GET /api/inquiries/:inquiryId/images/:imageId': 'joined',
  'GET /api/operator/inquiries': 'operator',
  'POST /api/operator/inquiries/:inquiryId/answer': 'operator',
  'GET /api/operator/faq': 'operator',
  'PUT /api/operator/faq/:entryId': 'operator',
  // only with TEST_CLOCK=on
  'GET /api/operator/test-clock': 'operator',
  'POST /api/operator/test-clock': 'operator',
};

type Actor = 'anonymous' | 'unjoined' | 'member' | 'operator';

/** What each access level means for each actor: refused with 401, refused with 403, or let through. */
const outcome: Record<Access, Record<Actor, 401 | 403 | 'through'>> = {
  public: { anonymous: 'through', unjoined: 'through', member: 'through', operator: 'through' },
  session: { anonymous: 401, unjoined: 'through', member: 'through', operator: 'through' },
  joined: { anonymous: 401, unjoined: 403, member: 'through', operator: 'through' },
  operator: { anonymous: 401, unjoined: 403, member: 403, operator: 'through' },
};

describe('authorization matrix', () => {
  let t: TestContext;
  let artistId: number;
  beforeAll(async () => {
    t = await createTestContext();
    artistId = await t.createArtist();
  });
  afterAll(() => t.close());

  it('has an expected access level for every API route, and every route declares the same one', () => {
    const declared = Object.fromEntries(apiRoutes(t).map((route) => [`${route.method} ${route.url}`, route.access]));
    const missing = Object.keys(declared).filter((key) => !(key in expectedAccess));
    expect(missing, 'routes with no row in the authorization table').toEqual([]);
    for (const [key, access] of Object.entries(declared)) expect(access, key).toBe(expectedAccess[key]);
  });

  it('lets each actor through exactly where the table says', async () => {
    for (const route of apiRoutes(t)) {
      const access = expectedAccess[`${route.method} ${route.url}`]!;
      for (const actor of ['anonymous', 'unjoined', 'member', 'operator'] as const) {
        // A fresh user per call: some routes (logout, deletion) end the session they are called with.
        const cookie =
          actor === 'anonymous'
            ? undefined
            : (await t.createUser({ joined: actor !== 'unjoined', roles: actor === 'operator' ? ['operator'] : [] })).cookie;
        const response = await t.request({
          method: route.method as 'GET',
          url: fillRoute(route.url, { artistId }),
          cookie,
          ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { payload: {} }),
        });
        const expected = outcome[access][actor];
        const label = `${actor} → ${route.method} ${route.url} (${response.statusCode} ${response.body.slice(0, 120)})`;
        if (expected === 'through') {
          expect([401, 403], label).not.toContain(response.statusCode);
        } else {
          expect(response.statusCode, label).toBe(expected);
          const code = (response.json() as { error: { code: string } }).error.code;
          // An account that has not finished joining is told to join first, whatever else the route needs.
          const expectedCode = expected === 401 ? 'auth.unauthenticated' : actor === 'unjoined' ? 'auth.join_required' : 'auth.forbidden';
          expect(code, label).toBe(expectedCode);
        }
        expect(response.statusCode, label).toBeLessThan(500);
      }
    }
  });
});
