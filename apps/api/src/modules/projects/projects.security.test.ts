import path from 'node:path';
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { projectThumbnailMaxBytes, type Project } from '@orchard/shared';
import { addDays } from '@orchard/shared/project-rules';
import { loadConfig } from '../../config.ts';
import { thumbnailSize } from './projects.service.ts';
import { createTestContext, errorCode, type TestContext, type TestUser } from '../../../test/harness.ts';
import { expectLedgerClean, idempotencyKey } from '../../../test/points-fixtures.ts';
import { blankPng, measured, pixelFloodPng } from '../../../test/uploads-kit.ts';
import { encodingPipelineOf, resizeInput } from '../../../test/sharp-spy.ts';
import { regionWithinShape } from '../../lib/images.ts';
import { hideProject } from '../../../test/community-kit.ts';
import {
  approve,
  approvedWithThumbnail,
  creationBody,
  creditOrange,
  fundingProject,
  multipart,
  photoJpeg,
  postCreation,
  projectRow,
  requestProject,
  uploadThumbnail,
  validRequestBody,
} from '../../../test/projects-kit.ts';

vi.mock('sharp', async (original) => (await import('../../../test/sharp-spy.ts')).spiedSharp(await original()));

type Actor = 'anonymous' | 'member' | 'creator' | 'other' | 'operator';

describe('projects: who may do what to whose project (docs/quality.md#s1)', () => {
  let t: TestContext;
  let operator: TestUser;
  let creator: TestUser;
  let other: TestUser;
  let artistId: number;

  beforeAll(async () => {
    t = await createTestContext({ env: { RATE_LIMIT_WRITES_PER_MINUTE: '100000', RATE_LIMIT_UPLOADS_PER_MINUTE: '100000' } });
    operator = await t.createUser({ roles: ['operator'] });
    creator = await t.createUser();
    other = await t.createUser();
    artistId = await t.createArtist();
  });
  afterAll(async () => {
    await expectLedgerClean(t);
    await t.close();
  });

  const cookieOf = async (actor: Actor) =>
    actor === 'anonymous' ? undefined : actor === 'member' ? (await t.createUser()).cookie : { creator, other, operator }[actor].cookie;

  it('reads: a pending request only for its creator and operators; a created project for everyone', async () => {
    const pending = await requestProject(t, creator, await validRequestBody(t, artistId));
    const created = await approvedWithThumbnail(t, creator, operator, await validRequestBody(t, artistId));
    await creditOrange(t, creator.id, created.goal);
    expect((await postCreation(t, creator, created.id, creationBody(created))).statusCode).toBe(201);
    const expected: Record<Actor, [number, number]> = {
      anonymous: [404, 200],
      member: [404, 200],
      creator: [200, 200],
      other: [404, 200],
      operator: [200, 200],
    };
    for (const [actor, [pendingStatus, createdStatus]] of Object.entries(expected) as [Actor, [number, number]][]) {
      const cookie = await cookieOf(actor);
      expect((await t.request({ url: `/api/projects/${pending.id}`, cookie })).statusCode, `${actor} pending`).toBe(pendingStatus);
      const open = await t.request({ url: `/api/projects/${created.id}`, cookie });
      expect(open.statusCode, `${actor} created`).toBe(createdStatus);
      const project = (open.json() as { project: Project }).project;
      // The creator's email is for the creator and operators only.
      expect('creatorEmail' in project, `${actor} sees the email`).toBe(actor === 'creator' || actor === 'operator');
    }
  });

  it('writes: only the creator uploads and creates, only an operator decides; refusals change nothing', async () => {
    const project = await requestProject(t, creator, await validRequestBody(t, artistId));
    for (const actor of ['anonymous', 'member', 'creator', 'other'] as const) {
      const response = await t.request({ method: 'POST', url: `/api/operator/projects/${project.id}/decision`, cookie: await cookieOf(actor), payload: { decision: 'approve' } });
      expect(response.statusCode, actor).toBe(actor === 'anonymous' ? 401 : 403);
    }
    expect((await projectRow(t, project.id)).status).toBe('requested');
    await approve(t, operator, project.id);
    for (const actor of ['anonymous', 'member', 'other', 'operator'] as const) {
      const cookie = await cookieOf(actor);
      const upload = await t.request({
        method: 'PUT',
        url: `/api/projects/${project.id}/thumbnail`,
        cookie,
        ...multipart([{ name: 'file', filename: 'a.jpg', content: await photoJpeg() }]),
      });
      expect(upload.statusCode, `${actor} upload`).toBe(actor === 'anonymous' ? 401 : 404);
      const creation = await t.request({
        method: 'POST',
        url: `/api/projects/${project.id}/creation`,
        cookie,
        headers: { 'idempotency-key': idempotencyKey() },
        payload: creationBody(project),
      });
      expect(creation.statusCode, `${actor} creation`).toBe(actor === 'anonymous' ? 401 : 404);
    }
    const row = await t.database.db.execute<{ thumbnail_path: string | null; status: string }>(sql`select thumbnail_path, status from projects where id = ${project.id}`);
    expect(row.rows[0]).toEqual({ thumbnail_path: null, status: 'approved' });
  });

  it('lists: my projects are only my own; the queue is for operators', async () => {
    const mine = await requestProject(t, creator, await validRequestBody(t, artistId));
    const theirs = ((await t.request({ url: '/api/my/projects?tab=all', cookie: other.cookie })).json() as { items: Project[] }).items;
    expect(theirs.map((item) => item.id)).not.toContain(mine.id);
    expect((await t.request({ url: '/api/my/projects' })).statusCode).toBe(401);
    expect((await t.request({ url: '/api/operator/project-requests', cookie: creator.cookie })).statusCode).toBe(403);
    expect((await t.request({ url: '/api/operator/project-requests', cookie: operator.cookie })).statusCode).toBe(200);
  });
});

describe('a hidden project: its content only for operators (docs/product.md#reports)', () => {
  let t: TestContext;
  let operator: TestUser;
  let creator: TestUser;
  let fan: TestUser;
  let artistId: number;
  let project: Project;
  /** The key of a participation made before the hide: its replay answers with the project as it is now. */
  const joinedBeforeHide = idempotencyKey();
  const content = { title: 'Secret title', introduction: 'Secret introduction', youtubeUrl: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ', xUrl: 'https://x.com/orchard' };

  beforeAll(async () => {
    t = await createTestContext({ env: { RATE_LIMIT_WRITES_PER_MINUTE: '100000', RATE_LIMIT_UPLOADS_PER_MINUTE: '100000' } });
    operator = await t.createUser({ roles: ['operator'] });
    creator = await t.createUser();
    fan = await t.createUser();
    artistId = await t.createArtist();
    project = await fundingProject(t, creator, operator, await validRequestBody(t, artistId), content);
    // A posted proof photo, as the proof chain leaves one (docs/product.md#execution).
    await t.database.db.execute(sql`insert into project_proofs (project_id, sequence, media_id, kind, path, sha256, captured_at, captured_at_source, posted_at, record_hash)
      values (${project.id}, 1, 1, 'photo', 'project-proofs/x.webp', 'x', now(), 'operator', now(), 'x')`);
    await creditOrange(t, fan.id, 1_000);
    expect((await t.request({ method: 'PUT', url: `/api/projects/${project.id}/like`, cookie: fan.cookie })).statusCode).toBe(200);
    const joined = await t.request({ method: 'POST', url: `/api/projects/${project.id}/participations`, cookie: fan.cookie, headers: { 'idempotency-key': joinedBeforeHide }, payload: { amount: 10 } });
    expect(joined.statusCode, joined.body).toBe(201);
    await hideProject(t, fan, operator, project.id);
  });
  afterAll(async () => {
    await expectLedgerClean(t);
    await t.close();
  });

  const withheld = { title: null, introduction: null, thumbnailUrl: null, youtubeUrl: null, xUrl: null, creatorXId: null, photos: [], hidden: true };
  const expectWithheld = (seen: Project | undefined, label: string) => {
    expect(seen, label).toMatchObject({ ...withheld, id: project.id, status: 'funding', goal: project.goal, raised: expect.any(Number), likeCount: 1 });
  };
  const expectShown = (seen: Project | undefined, label: string) => {
    expect(seen, label).toMatchObject({ ...content, hidden: true, creatorXId: project.creatorXId, thumbnailUrl: expect.stringMatching(/\.webp$/) });
    expect(seen!.photos, label).toHaveLength(1);
  };
  const one = async (cookie?: string) => ((await t.request({ url: `/api/projects/${project.id}`, cookie })).json() as { project: Project }).project;
  const listed = async (url: string, cookie?: string) => {
    const response = await t.request({ url, cookie });
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as { items: Project[] }).items.find((item) => item.id === project.id);
  };

  it('withholds title, introduction, thumbnail, links and photos from an anonymous visitor, a fan and its creator; an operator sees them', async () => {
    for (const [actor, cookie] of [['anonymous', undefined], ['fan', fan.cookie], ['creator', creator.cookie]] as const) {
      expectWithheld(await one(cookie), `${actor}: GET /api/projects/{id}`);
      // docs/product.md#discovery: the public lists leave it out altogether, but for operators.
      expect(await listed(`/api/projects?artistId=${artistId}`, cookie), `${actor}: public list`).toBeUndefined();
    }
    expectWithheld(await listed('/api/my/projects?tab=open', creator.cookie), 'creator: my page Open');
    expectWithheld(await listed('/api/my/projects?tab=all', creator.cookie), 'creator: my page All');
    expectWithheld(await listed('/api/my/projects?tab=like', fan.cookie), 'fan: my page Like');
    expectShown(await one(operator.cookie), 'operator: GET /api/projects/{id}');
    expectShown(await listed(`/api/projects?artistId=${artistId}`, operator.cookie), 'operator: public list');
  });

  it("withholds it in a participation's answer too (a replay: a hidden project takes no new one)", async () => {
    const response = await t.request({
      method: 'POST',
      url: `/api/projects/${project.id}/participations`,
      cookie: fan.cookie,
      headers: { 'idempotency-key': joinedBeforeHide },
      payload: { amount: 10 },
    });
    expect(response.statusCode, response.body).toBe(201);
    expectWithheld((response.json() as { project: Project }).project, 'fan: participation answer');
    expectWithheld(await listed('/api/my/projects?tab=participate', fan.cookie), 'fan: my page Participate');
  });

  it('shows everything again once an operator restores it', async () => {
    const restoredProject = await fundingProject(t, creator, operator, await validRequestBody(t, artistId), content);
    const reporter = await t.createUser();
    await hideProject(t, reporter, operator, restoredProject.id);
    const seen = async () => ((await t.request({ url: `/api/projects/${restoredProject.id}`, cookie: creator.cookie })).json() as { project: Project }).project;
    expect(await seen()).toMatchObject(withheld);
    await hideProject(t, reporter, operator, restoredProject.id, 'restore');
    expect(await seen()).toMatchObject({ ...content, hidden: false, thumbnailUrl: expect.stringMatching(/\.webp$/) });
  });
});

describe('projects: hostile input (docs/quality.md#s2)', () => {
  let t: TestContext;
  let operator: TestUser;
  let creator: TestUser;
  let artistId: number;
  const runs = Number(process.env.ORCHARD_FUZZ_RUNS ?? 150);
  const seed = Number(process.env.ORCHARD_FUZZ_SEED ?? Date.now() % 2 ** 31);

  beforeAll(async () => {
    t = await createTestContext({ env: { RATE_LIMIT_WRITES_PER_MINUTE: '1000000', RATE_LIMIT_UPLOADS_PER_MINUTE: '1000000' } });
    operator = await t.createUser({ roles: ['operator'] });
    creator = await t.createUser();
    artistId = await t.createArtist();
  });
  afterAll(() => t.close());

  const hostile = fc.oneof(
    fc.constantFrom(0, -1, 1.5, 2 ** 53, 1e308, '1e3', '', '2026-02-30', '9999-99-99', '../../etc/passwd', '\u0000', '<script>alert(1)</script>', "' or 1=1 --", null, true, [], {}),
    fc.string({ maxLength: 30 }),
    fc.integer(),
    fc.double(),
  );
  const keys = ['artistId', 'purpose', 'option', 'packageId', 'media', 'adStartDate', 'fundingStartDate', 'minimumUnit', 'title', 'introduction', 'youtubeUrl', 'xUrl', 'creatorXId', 'creatorEmail', 'deposit', 'decision', 'reason', 'days', '__proto__', 'constructor', 'goal'];

  it(`never answers 5xx on the project routes, every error in the error shape, the ledger clean (seed ${seed}, ${runs} runs per route)`, async () => {
    const base = await validRequestBody(t, artistId);
    const project = await approvedWithThumbnail(t, creator, operator, base);
    await creditOrange(t, creator.id, project.goal * 3);
    const targets = [
      { method: 'POST', url: '/api/project-requests', cookie: creator.cookie, template: base as Record<string, unknown> },
      { method: 'POST', url: `/api/projects/${project.id}/creation`, cookie: creator.cookie, template: creationBody(project) as Record<string, unknown> },
      { method: 'POST', url: `/api/operator/projects/${project.id}/decision`, cookie: operator.cookie, template: { decision: 'reject', reason: 'x' } as Record<string, unknown> },
      { method: 'GET', url: `/api/my/projects`, cookie: creator.cookie, template: {} },
      { method: 'GET', url: `/api/operator/project-requests`, cookie: operator.cookie, template: {} },
    ] as const;
    for (const target of targets) {
      await fc.assert(
        fc.asyncProperty(
          fc.dictionary(fc.constantFrom(...keys), hostile, { maxKeys: 4 }),
          fc.constantFrom('application/json', 'text/plain', 'application/x-www-form-urlencoded'),
          fc.constantFrom('tab', 'cursor', 'artistId', 'lang', 'x'),
          hostile,
          async (changes, contentType, queryKey, queryValue) => {
            const body = { ...target.template, ...changes };
            const query = new URLSearchParams({ [queryKey]: String(queryValue) }).toString();
            const response = await t.request({
              method: target.method,
              url: `${target.url}?${query}`,
              cookie: target.cookie,
              headers: { 'idempotency-key': idempotencyKey(), ...(target.method === 'GET' ? {} : { 'content-type': contentType }) },
              ...(target.method === 'GET' ? {} : { payload: JSON.stringify(body) }),
            });
            expect(response.statusCode, `${target.method} ${target.url} ${response.body.slice(0, 200)}`).toBeLessThan(500);
            if (response.statusCode >= 400) {
              const error = (response.json() as { error: { code: string; message: string } }).error;
              expect(typeof error.code).toBe('string');
              expect(error.message).not.toMatch(/at .*\.ts:\d+|select |insert |violates/i);
            }
          },
        ),
        { numRuns: runs, seed },
      );
    }
    await expectLedgerClean(t);
  }, 300_000);
});

describe('the thumbnail upload (docs/quality.md#s6)', () => {
  let t: TestContext;
  let operator: TestUser;
  let creator: TestUser;
  let projectId: number;

  beforeAll(async () => {
    t = await createTestContext({ env: { RATE_LIMIT_UPLOADS_PER_MINUTE: '100000' } });
    operator = await t.createUser({ roles: ['operator'] });
    creator = await t.createUser();
    const project = await requestProject(t, creator, await validRequestBody(t, await t.createArtist()));
    await approve(t, operator, project.id);
    projectId = project.id;
  });
  afterAll(() => t.close());

  const thumbnailPath = async () =>
    (await t.database.db.execute<{ thumbnail_path: string | null }>(sql`select thumbnail_path from projects where id = ${projectId}`)).rows[0]!.thumbnail_path;

  it('refuses a pixel flood, an SVG with script, wrong magic bytes, an empty and an oversized file, and keeps no thumbnail', async () => {
    const cases: [string, Buffer | string, string, string, number, string][] = [
      ['pixel flood', pixelFloodPng(), 'flood.png', 'image/png', 422, 'uploads.dimensions_too_large'],
      ['svg', '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>', 'x.svg', 'image/svg+xml', 415, 'uploads.unsupported_type'],
      ['php named jpg', '<?php system($_GET["c"]); ?>', 'shell.jpg.php', 'image/jpeg', 415, 'uploads.unsupported_type'],
      ['empty', Buffer.alloc(0), 'empty.jpg', 'image/jpeg', 422, 'uploads.empty_file'],
      ['oversize', Buffer.alloc(projectThumbnailMaxBytes + 1, 0xff), 'big.jpg', 'image/jpeg', 413, 'uploads.too_large'],
    ];
    for (const [label, content, filename, type, status, code] of cases) {
      const response = await uploadThumbnail(t, creator, projectId, content, filename, type);
      expect(response.statusCode, label).toBe(status);
      expect(errorCode(response), label).toBe(code);
    }
    expect(await thumbnailPath()).toBeNull();
  });

  it('stores under a generated name whatever the client calls the file', async () => {
    const response = await uploadThumbnail(t, creator, projectId, await photoJpeg(), '../../../etc/passwd\u0000.jpg');
    expect(response.statusCode, response.body).toBe(200);
    expect(await thumbnailPath()).toMatch(/^project-thumbnails\/[0-9a-f]{32}\.webp$/);
  });

  it('crops a tiny 1 × 4000 PNG to a bounded shape before the resize, with a bounded memory rise, as a 1200 × 900 thumbnail', async () => {
    const slender = blankPng(1, 4000);
    const { result: response, rssRise } = await measured(() => uploadThumbnail(t, creator, projectId, slender, 'slender.png', 'image/png'));
    expect(response.statusCode, response.body).toBe(200);
    const { left: _left, top: _top, ...bounded } = regionWithinShape({ width: 1, height: 4000 }, thumbnailSize)!;
    expect(resizeInput(encodingPipelineOf(slender), { width: 1, height: 4000 })).toEqual(bounded);
    expect(rssRise).toBeLessThan(150 * 1024 * 1024);
    const stored = await sharp(path.join(t.files.root, (await thumbnailPath())!)).metadata();
    expect(stored).toMatchObject({ width: thumbnailSize.width, height: thumbnailSize.height });
  });
});

describe('the test clock (docs/architecture.md#test-clock)', () => {
  it('is refused in production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', TEST_CLOCK: 'on', DEV_IDP: 'off', ALLOW_SANDBOX_GATEWAY_IN_PRODUCTION: 'true' })).toThrow(/TEST_CLOCK/);
  });

  it('does not exist unless TEST_CLOCK=on', async () => {
    const t = await createTestContext();
    try {
      const operator = await t.createUser({ roles: ['operator'] });
      expect((await t.request({ url: '/api/operator/test-clock', cookie: operator.cookie })).statusCode).toBe(404);
      expect((await t.request({ method: 'POST', url: '/api/operator/test-clock', cookie: operator.cookie, payload: { days: 8 } })).statusCode).toBe(404);
    } finally {
      await t.close();
    }
  });

  it('lets only an operator move the clock forward, runs the sweeps at once, and audits the move', async () => {
    const t = await createTestContext({ env: { TEST_CLOCK: 'on' } });
    try {
      const operator = await t.createUser({ roles: ['operator'] });
      const creator = await t.createUser();
      // The ad starts 60 days ahead: funding ends after the 7-day creation window, which decides.
      const body = await validRequestBody(t, await t.createArtist());
      const project = await requestProject(t, creator, { ...body, adStartDate: addDays(body.fundingStartDate, 60) });
      await approve(t, operator, project.id);
      expect((await t.request({ method: 'POST', url: '/api/operator/test-clock', cookie: creator.cookie, payload: { days: 8 } })).statusCode).toBe(403);
      expect((await t.request({ method: 'POST', url: '/api/operator/test-clock', payload: { days: 8 } })).statusCode).toBe(401);
      for (const days of [0, 401, -1, 1.5]) {
        expect((await t.request({ method: 'POST', url: '/api/operator/test-clock', cookie: operator.cookie, payload: { days } })).statusCode, `days ${days}`).toBe(400);
      }
      const before = (await t.request({ url: '/api/operator/test-clock', cookie: operator.cookie })).json() as { offsetDays: number; now: string };
      expect(before.offsetDays).toBe(0);
      const moved = await t.request({ method: 'POST', url: '/api/operator/test-clock', cookie: operator.cookie, payload: { days: 7 } });
      expect(moved.json()).toMatchObject({ enabled: true, offsetDays: 7 });
      expect((await projectRow(t, project.id)).status).toBe('approved');
      await t.request({ method: 'POST', url: '/api/operator/test-clock', cookie: operator.cookie, payload: { days: 1 } });
      expect((await projectRow(t, project.id)).status).toBe('cancelled');
      const now = ((await t.request({ url: '/api/operator/test-clock', cookie: operator.cookie })).json() as { now: string }).now;
      expect(new Date(now).getTime() - new Date(before.now).getTime()).toBe(8 * 86_400_000);
      // Sessions keep real time: the creator is still signed in after 8 days of business time.
      expect((await t.request({ url: '/api/my/projects', cookie: creator.cookie })).statusCode).toBe(200);
      const { rows } = await t.database.db.execute<{ action: string; operator_id: string }>(
        sql`select action, operator_id from operator_audit_log where action = 'test_clock.advance' order by id`,
      );
      expect(rows).toEqual([
        { action: 'test_clock.advance', operator_id: operator.id },
        { action: 'test_clock.advance', operator_id: operator.id },
      ]);
    } finally {
      await t.close();
    }
  });
});
