import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Comment, OperatorReport, Project } from '@orchard/shared';
import { sql } from 'drizzle-orm';
import { createdProject, postComment, report } from '../../../test/community-kit.ts';
import { createTestContext, errorCode, type TestContext, type TestUser } from '../../../test/harness.ts';
import { expectLedgerClean } from '../../../test/points-fixtures.ts';
import { requestProject, validRequestBody } from '../../../test/projects-kit.ts';

type Page = { items: Comment[]; nextCursor: string | null };

describe('community: comments, likes, reports (docs/product.md#comments, docs/product.md#reports)', () => {
  let t: TestContext;
  let operator: TestUser;
  let creator: TestUser;
  let fan: TestUser;
  let artistId: number;
  let project: Project;

  const comments = async (projectId: number, viewer?: TestUser, query = '') => {
    const response = await t.request({ url: `/api/projects/${projectId}/comments${query}`, cookie: viewer?.cookie });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as Page;
  };
  const getProject = async (projectId: number, viewer?: TestUser) =>
    (
      (await t.request({ url: `/api/projects/${projectId}`, cookie: viewer?.cookie })).json() as {
        project: Project;
      }
    ).project;
  const queue = async (status: 'open' | 'handled') =>
    (await t.request({ url: `/api/operator/reports?status=${status}`, cookie: operator.cookie })).json() as { items: OperatorReport[] };
  const decide = (reportId: number, action: string) =>
    t.request({ method: 'POST', url: `/api/operator/reports/${reportId}/decision`, cookie: operator.cookie, payload: { action } });

  beforeAll(async () => {
    t = await createTestContext({ env: { RATE_LIMIT_WRITES_PER_MINUTE: '100000', RATE_LIMIT_UPLOADS_PER_MINUTE: '100000', RATE_LIMIT_COMMENTS_PER_MINUTE: '100000', RATE_LIMIT_REPORTS_PER_MINUTE: '100000' } });
    operator = await t.createUser({ roles: ['operator'] });
    creator = await t.createUser();
    fan = await t.createUser();
    artistId = await t.createArtist();
    project = await createdProject(t, creator, operator, artistId);
  });
  afterAll(async () => {
    await expectLedgerClean(t);
    await t.close();
  });

  describe('comments', () => {
    it('posts a trimmed comment, lists newest first with keyset pages, and counts them on the project', async () => {
      const target = await createdProject(t, creator, operator, artistId);
      const posted = await postComment(t, fan, target.id, '  first  ');
      expect(posted).toMatchObject({ body: 'first', hidden: false, viewerIsAuthor: true, author: { profileImageUrl: null } });
      expect(posted.author.nickname).toEqual(expect.any(String));
      for (let i = 2; i <= 25; i += 1) await postComment(t, fan, target.id, `comment ${i}`);
      const first = await comments(target.id, undefined, '?limit=10');
      expect(first.items.map((c) => c.body)).toEqual(Array.from({ length: 10 }, (_, i) => `comment ${25 - i}`));
      expect(first.items[0]!.viewerIsAuthor).toBe(false);
      const seen = [...first.items];
      let cursor = first.nextCursor;
      while (cursor) {
        const page = await comments(target.id, fan, `?limit=10&cursor=${cursor}`);
        seen.push(...page.items);
        cursor = page.nextCursor;
      }
      expect(seen).toHaveLength(25);
      expect(new Set(seen.map((c) => c.id)).size).toBe(25);
      expect(seen.at(-1)!.body).toBe('first');
      expect((await getProject(target.id)).commentCount).toBe(25);
    });

    it('keeps line breaks and refuses empty, over-long and control-character bodies', async () => {
      expect((await postComment(t, fan, project.id, 'a\nb')).body).toBe('a\nb');
      expect((await postComment(t, fan, project.id, 'x'.repeat(1000))).body).toHaveLength(1000);
      for (const body of ['', '   ', 'x'.repeat(1001), 'a\u0000b', 'a\u0007b', 'a\u202eb'.replace('\u202e', '\u0085'), '\ud800', 'x'.repeat(100_000)]) {
        const response = await t.request({ method: 'POST', url: `/api/projects/${project.id}/comments`, cookie: fan.cookie, payload: { body } });
        expect(response.statusCode, JSON.stringify(body).slice(0, 40)).toBeGreaterThanOrEqual(400);
        expect(response.statusCode).toBeLessThan(500);
        expect(errorCode(response)).toBeTruthy();
      }
      for (const payload of [{}, { body: 1 }, { body: null }, { body: 'ok', extra: 1 }, []]) {
        const response = await t.request({ method: 'POST', url: `/api/projects/${project.id}/comments`, cookie: fan.cookie, payload });
        expect(response.statusCode).toBe(400);
        expect(errorCode(response)).toBe('validation.invalid');
      }
    });

    it('answers 404 for a project before creation and for a missing one, and 400 for a bad cursor', async () => {
      const requested = await requestProject(t, creator, await validRequestBody(t, artistId));
      for (const id of [requested.id, 999_999]) {
        expect((await t.request({ url: `/api/projects/${id}/comments` })).statusCode).toBe(404);
        const post = await t.request({ method: 'POST', url: `/api/projects/${id}/comments`, cookie: fan.cookie, payload: { body: 'hi' } });
        expect(errorCode(post)).toBe('projects.not_found');
      }
      for (const cursor of ['not-base64!', Buffer.from('-1').toString('base64url'), Buffer.from('{"id":1}').toString('base64url'), 'x'.repeat(101)]) {
        const response = await t.request({ url: `/api/projects/${project.id}/comments?cursor=${encodeURIComponent(cursor)}` });
        expect(response.statusCode).toBe(400);
      }
      for (const limit of ['0', '51', 'abc', '-1']) expect((await t.request({ url: `/api/projects/${project.id}/comments?limit=${limit}` })).statusCode).toBe(400);
    });

    it('lets the author delete their own comment; anyone else gets 404', async () => {
      const mine = await postComment(t, fan, project.id, 'to delete');
      const other = await t.createUser();
      expect(errorCode(await t.request({ method: 'DELETE', url: `/api/comments/${mine.id}`, cookie: other.cookie }))).toBe('comments.not_found');
      expect((await t.request({ method: 'DELETE', url: `/api/comments/${mine.id}`, cookie: operator.cookie })).statusCode).toBe(404);
      expect((await t.request({ method: 'DELETE', url: `/api/comments/${mine.id}`, cookie: fan.cookie })).statusCode).toBe(204);
      expect((await t.request({ method: 'DELETE', url: `/api/comments/${mine.id}`, cookie: fan.cookie })).statusCode).toBe(404);
      expect((await comments(project.id)).items.some((c) => c.id === mine.id)).toBe(false);
    });

    it('shows a deleted account as a null nickname', async () => {
      const leaving = await t.createUser();
      const posted = await postComment(t, leaving, project.id, 'bye');
      await t.database.db.execute(sql`update users set deleted_at = now() where id = ${leaving.id}`);
      const listed = (await comments(project.id)).items.find((c) => c.id === posted.id)!;
      expect(listed.author).toEqual({ nickname: null, profileImageUrl: null });
    });
  });

  describe('likes', () => {
    it('PUT and DELETE are idempotent and the project shows the count and the viewer’s like', async () => {
      const target = await createdProject(t, creator, operator, artistId);
      const like = (user: TestUser, method: 'PUT' | 'DELETE') => t.request({ method, url: `/api/projects/${target.id}/like`, cookie: user.cookie });
      expect((await like(fan, 'PUT')).json()).toEqual({ liked: true, likeCount: 1 });
      expect((await like(fan, 'PUT')).json()).toEqual({ liked: true, likeCount: 1 });
      expect((await like(creator, 'PUT')).json()).toEqual({ liked: true, likeCount: 2 });
      expect(await getProject(target.id, fan)).toMatchObject({ likeCount: 2, viewerLiked: true });
      expect(await getProject(target.id)).toMatchObject({ likeCount: 2, viewerLiked: false });
      expect((await like(fan, 'DELETE')).json()).toEqual({ liked: false, likeCount: 1 });
      expect((await like(fan, 'DELETE')).json()).toEqual({ liked: false, likeCount: 1 });
      expect(await getProject(target.id, fan)).toMatchObject({ likeCount: 1, viewerLiked: false });
      expect(errorCode(await t.request({ method: 'PUT', url: '/api/projects/999999/like', cookie: fan.cookie }))).toBe('projects.not_found');
    });

    it('lists the projects a user liked on the Like tab of my page', async () => {
      const liker = await t.createUser();
      const liked = await createdProject(t, creator, operator, artistId);
      await createdProject(t, creator, operator, artistId);
      await t.request({ method: 'PUT', url: `/api/projects/${liked.id}/like`, cookie: liker.cookie });
      const tab = (await t.request({ url: '/api/my/projects?tab=like', cookie: liker.cookie })).json() as { items: Project[] };
      expect(tab.items.map((p) => p.id)).toEqual([liked.id]);
      expect(tab.items[0]!.viewerLiked).toBe(true);
    });
  });

  describe('reports and the operator queue', () => {
    it('reports a comment once; the second time answers 409 Already reported', async () => {
      const posted = await postComment(t, creator, project.id, 'spam');
      const first = await report(t, fan, { target: { type: 'comment', id: posted.id }, reason: 'REPR001' });
      expect(first.statusCode, first.body).toBe(201);
      expect((first.json() as { report: { id: number } }).report.id).toEqual(expect.any(Number));
      const again = await report(t, fan, { target: { type: 'comment', id: posted.id }, reason: 'REPR002' });
      expect(again.statusCode).toBe(409);
      expect(again.json()).toMatchObject({ error: { code: 'reports.already_reported', message: 'Already reported.' } });
    });

    it('requires the detail for REPR006 only, and refuses bad reasons, targets and hostile text', async () => {
      const target = await createdProject(t, creator, operator, artistId);
      const bad = [
        { target: { type: 'project', id: target.id }, reason: 'REPR006' },
        { target: { type: 'project', id: target.id }, reason: 'REPR006', detail: '   ' },
        { target: { type: 'project', id: target.id }, reason: 'REPR006', detail: 'x'.repeat(501) },
        { target: { type: 'project', id: target.id }, reason: 'REPR006', detail: 'a\u0000b' },
        { target: { type: 'project', id: target.id }, reason: 'REPR007' },
        { target: { type: 'user', id: 1 }, reason: 'REPR001' },
        { target: { type: 'project', id: -1 }, reason: 'REPR001' },
        { target: { type: 'project', id: '1' }, reason: 'REPR001' },
        { target: { type: 'project' }, reason: 'REPR001' },
        { reason: 'REPR001' },
        { target: { type: 'project', id: target.id }, reason: 'REPR001', extra: true },
      ];
      for (const payload of bad) {
        const response = await report(t, fan, payload);
        expect(response.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
        expect(errorCode(response)).toBe('validation.invalid');
      }
      for (const payload of [
        { target: { type: 'project', id: 999_999 }, reason: 'REPR001' },
        { target: { type: 'comment', id: 999_999_999 }, reason: 'REPR001' },
        { target: { type: 'project', id: Number.MAX_SAFE_INTEGER }, reason: 'REPR001' },
      ]) {
        expect(errorCode(await report(t, fan, payload))).toBe('reports.target_not_found');
      }
      const ok = await report(t, fan, { target: { type: 'project', id: target.id }, reason: 'REPR006', detail: '  misleading  ' });
      expect(ok.statusCode).toBe(201);
      const listed = (await queue('open')).items.find((item) => item.target.type === 'project' && item.target.id === target.id)!;
      expect(listed).toMatchObject({ reason: 'REPR006', detail: 'misleading', status: 'open', targetHidden: false, content: 'Birthday subway ad' });
    });

    it('hide makes the comment body null for everyone but operators; restore brings it back; each is audit-logged', async () => {
      const posted = await postComment(t, creator, project.id, 'rude words');
      const reporter = await t.createUser();
      const other = await t.createUser();
      const { report: made } = (await report(t, reporter, { target: { type: 'comment', id: posted.id }, reason: 'REPR003' })).json() as { report: { id: number } };
      await report(t, other, { target: { type: 'comment', id: posted.id }, reason: 'REPR004' });
      expect((await queue('open')).items.filter((item) => item.target.id === posted.id && item.target.type === 'comment')).toHaveLength(2);

      const hidden = await decide(made.id, 'hide');
      expect(hidden.statusCode, hidden.body).toBe(200);
      expect((hidden.json() as { report: OperatorReport }).report).toMatchObject({ status: 'handled', decision: 'hide', targetHidden: true, content: 'rude words' });
      // Both reports of the comment are handled by the one decision.
      expect((await queue('open')).items.some((item) => item.target.id === posted.id && item.target.type === 'comment')).toBe(false);
      for (const viewer of [undefined, fan, creator]) {
        expect((await comments(project.id, viewer)).items.find((c) => c.id === posted.id)).toMatchObject({ body: null, hidden: true });
      }
      expect((await comments(project.id, operator)).items.find((c) => c.id === posted.id)).toMatchObject({ body: 'rude words', hidden: true });

      expect((await decide(made.id, 'restore')).statusCode).toBe(200);
      expect((await comments(project.id, fan)).items.find((c) => c.id === posted.id)).toMatchObject({ body: 'rude words', hidden: false });

      const { rows } = await t.database.db.execute<{ action: string; operator_id: string; after: { hidden: boolean } }>(
        sql`select action, operator_id, after from operator_audit_log where action like 'report.%' and (after->>'reportId')::bigint = ${made.id} order by id`,
      );
      expect(rows.map((row) => [row.action, row.operator_id, row.after.hidden])).toEqual([
        ['report.hide', operator.id, true],
        ['report.restore', operator.id, false],
      ]);
    });

    it('hides a reported project (the Project payload says hidden, its comments withheld) and dismiss changes nothing', async () => {
      const target = await createdProject(t, creator, operator, artistId);
      const first = (await report(t, fan, { target: { type: 'project', id: target.id }, reason: 'REPR005' })).json() as { report: { id: number } };
      expect((await decide(first.report.id, 'dismiss')).json()).toMatchObject({ report: { decision: 'dismiss', status: 'handled', targetHidden: false } });
      expect((await getProject(target.id)).hidden).toBe(false);
      expect((await queue('handled')).items.some((item) => item.id === first.report.id)).toBe(true);
      const posted = await postComment(t, fan, target.id, 'see you at the station');
      expect((await decide(first.report.id, 'hide')).statusCode).toBe(200);
      expect(await getProject(target.id, fan)).toMatchObject({ hidden: true });
      // A hidden project's comments are its content too: withheld from everyone but operators, their authors included.
      for (const viewer of [undefined, fan, creator]) {
        expect((await comments(target.id, viewer)).items.find((c) => c.id === posted.id)).toMatchObject({ body: null, hidden: true });
      }
      expect((await comments(target.id, operator)).items.find((c) => c.id === posted.id)).toMatchObject({ body: 'see you at the station', hidden: true });
      expect((await decide(first.report.id, 'restore')).statusCode).toBe(200);
      expect((await getProject(target.id)).hidden).toBe(false);
      expect((await comments(target.id, fan)).items.find((c) => c.id === posted.id)).toMatchObject({ body: 'see you at the station', hidden: false });
    });

    it('refuses unknown reports, bad actions and bad cursors', async () => {
      expect(errorCode(await decide(999_999, 'hide'))).toBe('reports.not_found');
      for (const action of ['delete', '', 'HIDE']) expect((await decide(1, action)).statusCode).toBe(400);
      expect((await t.request({ url: '/api/operator/reports?status=closed', cookie: operator.cookie })).statusCode).toBe(400);
      expect(errorCode(await t.request({ url: '/api/operator/reports?cursor=zzz', cookie: operator.cookie }))).toBe('reports.cursor_invalid');
    });

    it('pages the queue newest first', async () => {
      const target = await createdProject(t, creator, operator, artistId);
      const posted = await postComment(t, creator, target.id, 'many');
      for (let i = 0; i < 22; i += 1) {
        const reporter = await t.createUser();
        expect((await report(t, reporter, { target: { type: 'comment', id: posted.id }, reason: 'REPR001' })).statusCode).toBe(201);
      }
      const first = (await t.request({ url: '/api/operator/reports', cookie: operator.cookie })).json() as { items: OperatorReport[]; nextCursor: string };
      expect(first.items).toHaveLength(20);
      const ids = first.items.map((item) => item.id);
      expect(ids).toEqual([...ids].sort((a, b) => b - a));
      const second = (await t.request({ url: `/api/operator/reports?cursor=${first.nextCursor}`, cookie: operator.cookie })).json() as { items: OperatorReport[] };
      expect(Math.max(...second.items.map((item) => item.id))).toBeLessThan(Math.min(...ids));
    });
  });
});
