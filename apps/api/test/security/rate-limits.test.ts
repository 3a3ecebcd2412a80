import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createdProject } from '../community-kit.ts';
import { multipart } from '../uploads-kit.ts';
import { createTestContext, errorCode, type TestContext, type TestUser } from '../harness.ts';

const signInLimit = 5;
const writeLimit = 8;
const commentLimit = 4;
const reportLimit = 3;

/**
 * docs/quality.md#s8: limits on sign-in, writes, comments and reports; a burst of 10× the limit;
 * spoofed X-Forwarded-For changes nothing; one counter per bucket across its routes.
 */
function rateLimitSuite(store: 'memory' | 'redis') {
  describe(`rate limits (${store})`, () => {
    let t: TestContext;
    let redis: Redis | undefined;
    const contexts: TestContext[] = [];
    const setup = async () => {
      redis = store === 'redis' ? new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379', { maxRetriesPerRequest: 1 }) : undefined;
      t = await createTestContext({
        env: {
          RATE_LIMIT_SIGN_IN_PER_MINUTE: String(signInLimit),
          RATE_LIMIT_WRITES_PER_MINUTE: String(writeLimit),
          REDIS_KEY_PREFIX: `orchard-test-${randomBytes(6).toString('hex')}:`,
        },
        deps: { redis },
      });
      contexts.push(t);
    };
    afterAll(async () => {
      for (const context of contexts) await context.close();
      redis?.disconnect();
    });

    it('answers a sign-in burst of 10× the limit with 429 and Retry-After, whatever X-Forwarded-For says', async () => {
      await setup();
      const statuses: number[] = [];
      let retryAfter: string | undefined;
      for (let attempt = 0; attempt < signInLimit * 10; attempt++) {
        const response = await t.request({
          url: '/api/auth/dev/start?returnTo=/',
          headers: { 'x-forwarded-for': `203.0.113.${attempt % 250}` },
        });
        statuses.push(response.statusCode);
        if (response.statusCode === 429) {
          retryAfter = String(response.headers['retry-after']);
          expect(errorCode(response)).toBe('rate_limited');
        }
      }
      expect(statuses.filter((status) => status !== 429)).toHaveLength(signInLimit);
      expect(Number(retryAfter)).toBeGreaterThan(0);
    });

    it('limits writes per user, so one user cannot exhaust another', async () => {
      const alice = await t.createUser();
      const bob = await t.createUser();
      const write = (cookie: string) =>
        t.request({ method: 'PATCH', url: '/api/users/user-profile/currency-and-language', cookie, payload: { currency: 'USD' } });
      const aliceStatuses: number[] = [];
      for (let attempt = 0; attempt < writeLimit * 10; attempt++) aliceStatuses.push((await write(alice.cookie)).statusCode);
      expect(aliceStatuses.filter((status) => status === 200)).toHaveLength(writeLimit);
      expect(aliceStatuses.filter((status) => status === 429)).toHaveLength(writeLimit * 9);
      expect((await write(bob.cookie)).statusCode).toBe(200);
    });

    it('shares one write counter across every write route: writes spent on one route are refused on another', async () => {
      const carol = await t.createUser();
      for (let attempt = 0; attempt < writeLimit; attempt++) {
        const spent = await t.request({
          method: 'PATCH',
          url: '/api/users/user-profile/currency-and-language',
          cookie: carol.cookie,
          payload: { language: 'en' },
        });
        expect(spent.statusCode).toBe(200);
      }
      const elsewhere = [
        t.request({ method: 'PATCH', url: '/api/users/user-profile', cookie: carol.cookie, payload: { marketingConsent: true } }),
        t.request({ method: 'DELETE', url: '/api/users/user-profile/picture', cookie: carol.cookie }),
        t.request({ method: 'POST', url: '/api/join/agreements', cookie: carol.cookie, payload: {} }),
      ];
      for (const response of await Promise.all(elsewhere)) {
        expect(response.statusCode, response.body).toBe(429);
        expect(errorCode(response)).toBe('rate_limited');
      }
    });

    it('counts sign-in by address across all sign-in routes, even for a signed-in caller', async () => {
      const dave = await t.createUser();
      const routes = ['/api/auth/dev/start?returnTo=/', '/api/auth/dev/callback?state=x&code=y', '/api/auth/x/link/start?returnTo=/'];
      const statuses: number[] = [];
      for (let attempt = 0; attempt < signInLimit * 3; attempt++) {
        const response = await t.request({ url: routes[attempt % routes.length]!, cookie: dave.cookie, remoteAddress: '198.51.100.7' });
        statuses.push(response.statusCode);
      }
      expect(statuses.filter((status) => status !== 429)).toHaveLength(signInLimit);
      // Another address still has its whole allowance.
      expect((await t.request({ url: routes[0]!, cookie: dave.cookie, remoteAddress: '198.51.100.8' })).statusCode).not.toBe(429);
    });

    describe('comments and reports', () => {
      let c: TestContext;
      let operator: TestUser;
      let projectId: number;
      const postComment = (user: TestUser, attempt = 0) =>
        c.request({
          method: 'POST',
          url: `/api/projects/${projectId}/comments`,
          cookie: user.cookie,
          headers: { 'x-forwarded-for': `203.0.113.${attempt % 250}` },
          payload: { body: `comment ${attempt}` },
        });
      /** A comment written straight to the table, so reports have many targets without spending comments. */
      const commentRow = async (author: TestUser) =>
        Number(
          (
            await c.database.db.execute<{ id: number }>(
              sql`insert into comments (project_id, author_id, body, created_at) values (${projectId}, ${author.id}, 'target', now()) returning id`,
            )
          ).rows[0]!.id,
        );
      const report = (user: TestUser, target: { type: 'comment' | 'project'; id: number }, attempt = 0) =>
        c.request({ method: 'POST', url: '/api/reports', cookie: user.cookie, headers: { 'x-forwarded-for': `198.51.100.${attempt % 250}` }, payload: { target, reason: 'REPR001' } });
      const expectRateLimited = (response: Awaited<ReturnType<typeof postComment>>) => {
        expect(response.statusCode, response.body).toBe(429);
        expect(errorCode(response)).toBe('rate_limited');
        expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
      };

      // Writes are left unlimited here, so only the comments and reports buckets can refuse.
      beforeAll(async () => {
        c = await createTestContext({
          env: {
            RATE_LIMIT_WRITES_PER_MINUTE: '100000',
            RATE_LIMIT_COMMENTS_PER_MINUTE: String(commentLimit),
            RATE_LIMIT_REPORTS_PER_MINUTE: String(reportLimit),
            REDIS_KEY_PREFIX: `orchard-test-${randomBytes(6).toString('hex')}:`,
          },
          deps: { redis },
        });
        contexts.push(c);
        operator = await c.createUser({ roles: ['operator'] });
        projectId = (await createdProject(c, await c.createUser(), operator, await c.createArtist())).id;
      });

      it('answers a comment burst of 10× the limit with 429 and Retry-After per user, whatever X-Forwarded-For says', async () => {
        const alice = await c.createUser();
        const statuses: number[] = [];
        for (let attempt = 0; attempt < commentLimit * 10; attempt++) {
          const response = await postComment(alice, attempt);
          statuses.push(response.statusCode);
          if (response.statusCode !== 201) expectRateLimited(response);
        }
        expect(statuses.filter((status) => status === 201)).toHaveLength(commentLimit);
        expect(statuses.filter((status) => status === 429)).toHaveLength(commentLimit * 9);
        // Another user has a count of their own.
        expect((await postComment(await c.createUser())).statusCode).toBe(201);
      });

      it('shares one comment counter between posting and deleting, apart from writes and reports', async () => {
        const bob = await c.createUser();
        const posted: number[] = [];
        for (let attempt = 0; attempt < commentLimit; attempt++) {
          const response = await postComment(bob, attempt);
          expect(response.statusCode, response.body).toBe(201);
          posted.push((response.json() as { comment: { id: number } }).comment.id);
        }
        expectRateLimited(await c.request({ method: 'DELETE', url: `/api/comments/${posted[0]}`, cookie: bob.cookie }));
        expectRateLimited(await postComment(bob));
        // A like counts against writes, a report against reports: both still go through.
        expect((await c.request({ method: 'PUT', url: `/api/projects/${projectId}/like`, cookie: bob.cookie })).statusCode).toBe(200);
        expect((await report(bob, { type: 'comment', id: await commentRow(operator) })).statusCode).toBe(201);
      });

      it('answers a community post burst of 10× the limit with 429, one count with comments (posting, editing, deleting posts)', async () => {
        const erin = await c.createUser();
        const artistId = await c.createArtist();
        const post = (attempt: number) => {
          const form = multipart([{ name: 'text', content: `post ${attempt}` }]);
          return c.request({ method: 'POST', url: `/api/artists/${artistId}/posts`, cookie: erin.cookie, headers: { ...form.headers, 'x-forwarded-for': `192.0.2.${attempt % 250}` }, payload: form.payload });
        };
        const statuses: number[] = [];
        let firstId = 0;
        for (let attempt = 0; attempt < commentLimit * 10; attempt++) {
          const response = await post(attempt);
          statuses.push(response.statusCode);
          if (response.statusCode === 201 && firstId === 0) firstId = (response.json() as { post: { id: number } }).post.id;
          if (response.statusCode !== 201) expectRateLimited(response);
        }
        expect(statuses.filter((status) => status === 201)).toHaveLength(commentLimit);
        expect(statuses.filter((status) => status === 429)).toHaveLength(commentLimit * 9);
        expectRateLimited(await c.request({ method: 'PATCH', url: `/api/posts/${firstId}`, cookie: erin.cookie, payload: { text: 'edited' } }));
        expectRateLimited(await c.request({ method: 'DELETE', url: `/api/posts/${firstId}`, cookie: erin.cookie }));
        expectRateLimited(await postComment(erin));
        // A like on a post counts against writes.
        expect((await c.request({ method: 'PUT', url: `/api/posts/${firstId}/like`, cookie: erin.cookie })).statusCode).toBe(200);
      });

      it('answers a report burst of 10× the limit with 429 and Retry-After, one count across comment and project reports', async () => {
        const carol = await c.createUser();
        const statuses: number[] = [];
        for (let attempt = 0; attempt < reportLimit * 10; attempt++) {
          const response = await report(carol, { type: 'comment', id: await commentRow(operator) }, attempt);
          statuses.push(response.statusCode);
          if (response.statusCode !== 201) expectRateLimited(response);
        }
        expect(statuses.filter((status) => status === 201)).toHaveLength(reportLimit);
        expect(statuses.filter((status) => status === 429)).toHaveLength(reportLimit * 9);
        expectRateLimited(await report(carol, { type: 'project', id: projectId }));
        // Comments are a count of their own.
        expect((await postComment(carol)).statusCode).toBe(201);
        expect((await report(await c.createUser(), { type: 'project', id: projectId })).statusCode).toBe(201);
      });
    });

    it('leaves reads unlimited', async () => {
      for (let attempt = 0; attempt < writeLimit * 3; attempt++) {
        expect((await t.request({ url: '/api/health' })).statusCode).toBe(200);
      }
    });
  });
}

rateLimitSuite('memory');
rateLimitSuite('redis');
