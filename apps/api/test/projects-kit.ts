import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { expect } from 'vitest';
import type { Medium, Project } from '@orchard/shared';
import { addDays, kstDateOf, minimumDepositFor, startOfKstDay } from '@orchard/shared/project-rules';
import { createTestContext, type TestContext, type TestUser } from './harness.ts';
import { expectLedgerClean, idempotencyKey } from './points-fixtures.ts';

/** Test helpers for the projects module: a request, an approval, a thumbnail, a creation. */

import { multipart } from './uploads-kit.ts';

export { multipart };

/**
 * The context most project test files share: writes and uploads unlimited, an operator and an
 * artist. `longSessions` keeps the sessions made at the start alive while a file moves the clock
 * weeks forward.
 */
export async function projectsTestContext(options: { longSessions?: boolean } = {}) {
  const t = await createTestContext({
    env: {
      RATE_LIMIT_WRITES_PER_MINUTE: '100000',
      RATE_LIMIT_UPLOADS_PER_MINUTE: '100000',
      ...(options.longSessions ? { SESSION_IDLE_TIMEOUT_MINUTES: '10000000', SESSION_ABSOLUTE_TIMEOUT_HOURS: '1000000' } : {}),
    },
  });
  const operator = await t.createUser({ roles: ['operator'] });
  const artistId = await t.createArtist();
  return { t, operator, artistId };
}

/** A file's last check: its ledger still balances; then its context closes. */
export async function closeWithCleanLedger(t: TestContext) {
  await expectLedgerClean(t);
  await t.close();
}

export const photoJpeg = (width = 1600, height = 1000) =>
  sharp({ create: { width, height, channels: 3, background: '#ff7a45' } })
    .jpeg()
    .withMetadata({ exif: { IFD0: { Copyright: 'secret-exif-marker' } } })
    .toBuffer();

export const todayOf = (t: TestContext) => kstDateOf(t.clock.now());

/** The sample media a package may include, from the public catalogue. */
export async function mediaFor(t: TestContext, packageId: string): Promise<Medium[]> {
  const response = await t.request({ url: `/api/media?packageId=${packageId}&limit=100` });
  expect(response.statusCode, response.body).toBe(200);
  const items = (response.json() as { items: Medium[] }).items;
  expect(items.length, `sample media for ${packageId}`).toBeGreaterThan(0);
  return items;
}

export type RequestBody = {
  artistId: number;
  purpose: 'limited' | 'ongoing';
  option: 'image' | 'video';
  packageId: string;
  media: { mediaId: number; duration: number }[];
  adStartDate: string;
  fundingStartDate: string;
};

/** A valid request on `packageId` with the two cheapest media at their shortest duration. */
export async function validRequestBody(t: TestContext, artistId: number, packageId = 'basic'): Promise<RequestBody> {
  const media = (await mediaFor(t, packageId))
    .filter((medium) => medium.durations.length > 0)
    .sort((a, b) => a.price * Math.min(...a.durations) - b.price * Math.min(...b.durations))
    .slice(0, 2);
  const today = todayOf(t);
  return {
    artistId,
    purpose: 'limited',
    option: 'image',
    packageId,
    media: media.map((medium) => ({ mediaId: medium.id, duration: Math.min(...medium.durations) })),
    adStartDate: addDays(today, 41),
    fundingStartDate: today,
  };
}

export function postRequest(t: TestContext, user: TestUser, body: unknown, key = idempotencyKey()) {
  return t.request({ method: 'POST', url: '/api/project-requests', cookie: user.cookie, headers: { 'idempotency-key': key }, payload: body as object });
}

export async function requestProject(t: TestContext, user: TestUser, body: RequestBody): Promise<Project> {
  const response = await postRequest(t, user, body);
  expect(response.statusCode, response.body).toBe(201);
  return (response.json() as { project: Project }).project;
}

export function decide(t: TestContext, operator: TestUser, projectId: number, body: object) {
  return t.request({ method: 'POST', url: `/api/operator/projects/${projectId}/decision`, cookie: operator.cookie, payload: body });
}

export async function approve(t: TestContext, operator: TestUser, projectId: number): Promise<Project> {
  const response = await decide(t, operator, projectId, { decision: 'approve' });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { project: Project }).project;
}

export function uploadThumbnail(t: TestContext, user: TestUser, projectId: number, content: Buffer | string, filename = 'thumb.jpg', contentType = 'image/jpeg') {
  return t.request({
    method: 'PUT',
    url: `/api/projects/${projectId}/thumbnail`,
    cookie: user.cookie,
    ...multipart([{ name: 'file', filename, contentType, content }]),
  });
}

export function creationBody(project: Pick<Project, 'goal'>, overrides: Record<string, unknown> = {}) {
  return {
    minimumUnit: 10,
    title: 'Birthday subway ad',
    introduction: 'Let us celebrate together.',
    youtubeUrl: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
    xUrl: 'https://x.com/orchard',
    creatorXId: '@orchard_fan',
    creatorEmail: 'fan@example.com',
    deposit: minimumDepositFor(project.goal, typeof overrides.minimumUnit === 'number' ? overrides.minimumUnit : 10),
    ...overrides,
  };
}

export function postCreation(t: TestContext, user: TestUser, projectId: number, body: object, key = idempotencyKey()) {
  return t.request({ method: 'POST', url: `/api/projects/${projectId}/creation`, cookie: user.cookie, headers: { 'idempotency-key': key }, payload: body });
}

/** A confirmed payment of `orange` credited to the user, as the charge path does (no gateway round trip). */
export async function creditOrange(t: TestContext, userId: string, orange: number) {
  const [payment] = (
    await t.database.db.execute<{ id: string }>(sql`
      insert into payments (user_id, order_id, gateway, package_id, orange, bonus_orange, amount_krw, method, status, payment_key, paid_at, created_at, updated_at)
      values (${userId}, ${`ord_${randomUUID()}`}, 'sandbox', 'test', ${orange}, 0, ${orange * 100}, 'card', 'confirmed', 'pk', ${t.clock.now().toISOString()}::timestamptz, now(), now())
      returning id`)
  ).rows;
  await t.database.db.execute(sql`insert into point_wallets (user_id) values (${userId}) on conflict do nothing`);
  await t.database.db.transaction((tx) => t.services.points.creditChargeWithin(tx, { id: payment!.id, userId, orange, bonusOrange: 0 }, t.clock.now()));
}

/** Requested, approved and with a thumbnail: ready to be created. */
export async function approvedWithThumbnail(t: TestContext, creator: TestUser, operator: TestUser, body: RequestBody): Promise<Project> {
  const requested = await requestProject(t, creator, body);
  await approve(t, operator, requested.id);
  const uploaded = await uploadThumbnail(t, creator, requested.id, await photoJpeg());
  expect(uploaded.statusCode, uploaded.body).toBe(200);
  return (uploaded.json() as { project: Project }).project;
}

export async function projectRow(t: TestContext, projectId: number) {
  const { rows } = await t.database.db.execute<{ status: string; deposit: number | null; escrow_account_id: number | null }>(
    sql`select status, deposit, escrow_account_id from projects where id = ${projectId}`,
  );
  return rows[0]!;
}

export async function depositsOf(t: TestContext, projectId: number) {
  const { rows } = await t.database.db.execute<{ n: number; total: number }>(
    sql`select count(*)::int as n, coalesce(-sum(amount), 0)::int as total from point_transactions where project_id = ${projectId} and type = 'spend'`,
  );
  return { count: Number(rows[0]!.n), total: Number(rows[0]!.total) };
}

export async function notificationKindsOf(t: TestContext, userId: string, projectId: number) {
  const { rows } = await t.database.db.execute<{ kind: string }>(
    sql`select kind from notifications where user_id = ${userId} and project_id = ${projectId} order by id`,
  );
  return rows.map((row) => row.kind);
}

/** A created project open for funding today, its creator's deposit paid: the start of Funding II's tests. */
export async function fundingProject(t: TestContext, creator: TestUser, operator: TestUser, body: RequestBody, overrides: Record<string, unknown> = {}): Promise<Project> {
  const approved = await approvedWithThumbnail(t, creator, operator, body);
  await creditOrange(t, creator.id, approved.goal);
  const response = await postCreation(t, creator, approved.id, creationBody(approved, overrides));
  expect(response.statusCode, response.body).toBe(201);
  const project = (response.json() as { project: Project }).project;
  expect(project.status).toBe('funding');
  return project;
}

/** An operator's event (docs/product.md#events): a valid request's fields and a creation's, no deposit. */
/** A limited project funded to its goal by two fans, then running from its ad start day (the test clock moved there). */
export async function runningProject(t: TestContext, operator: TestUser, artistId: number, body?: RequestBody) {
  const creator = await t.createUser();
  const project = await fundingProject(t, creator, operator, { ...(body ?? (await validRequestBody(t, artistId))), purpose: 'limited' });
  const fans = [await t.createUser(), await t.createUser()];
  for (const fan of fans) {
    await creditOrange(t, fan.id, project.goal);
    const response = await postParticipation(t, fan, project.id, Math.floor(project.goal / 2));
    expect(response.statusCode, response.body).toBe(201);
  }
  t.clock.set(startOfKstDay(project.adStartDate));
  await t.services.participations.startAdsDue();
  return { creator, fans, project };
}

export async function eventBody(t: TestContext, artistId: number, overrides: Record<string, unknown> = {}) {
  const { creatorXId: _x, creatorEmail: _e, deposit: _d, ...creation } = creationBody({ goal: 1 });
  return { ...(await validRequestBody(t, artistId)), ...creation, title: 'Berry birthday event', ...overrides };
}

export function postEvent(t: TestContext, user: TestUser, body: unknown, key = idempotencyKey()) {
  return t.request({ method: 'POST', url: '/api/operator/events', cookie: user.cookie, headers: { 'idempotency-key': key }, payload: body as object });
}

/** A participation as the fundraise sheet sends it: POST with an Idempotency-Key. */
export function postParticipation(t: TestContext, user: TestUser, projectId: number, amount: number, key = idempotencyKey()) {
  return t.request({ method: 'POST', url: `/api/projects/${projectId}/participations`, cookie: user.cookie, headers: { 'idempotency-key': key }, payload: { amount } });
}

/** The ledger spend that paid for a participation. */
export async function spendOfParticipation(t: TestContext, participationId: number): Promise<number> {
  const { rows } = await t.database.db.execute<{ spend: string }>(sql`select spend_transaction_id as spend from project_participations where id = ${participationId}`);
  return Number(rows[0]!.spend);
}

/**
 * A photo as a phone leaves it: EXIF with its capture time (the wall clock at `offset`, KST unless
 * told) and, when given, the GPS place in degrees, minutes and seconds.
 */
export async function capturedPhoto({ takenAt, offset = '+09:00', place }: { takenAt?: Date; offset?: string | null; place?: { latitude: number; longitude: number } }) {
  const offsetMinutes = offset ? (offset.startsWith('-') ? -1 : 1) * (Number(offset.slice(1, 3)) * 60 + Number(offset.slice(4, 6))) : 9 * 60;
  const wall = takenAt ? new Date(takenAt.getTime() + offsetMinutes * 60_000).toISOString() : null;
  const dms = (degrees: number) => {
    const whole = Math.floor(degrees);
    const minutes = Math.floor((degrees - whole) * 60);
    return `${whole}/1 ${minutes}/1 ${Math.round(((degrees - whole) * 60 - minutes) * 60 * 10_000)}/10000`;
  };
  return sharp({ create: { width: 1200, height: 800, channels: 3, background: '#3a6df0' } })
    .jpeg()
    .withExif({
      IFD0: { Copyright: 'secret-exif-marker' },
      ...(wall ? { IFD2: { DateTimeOriginal: `${wall.slice(0, 10).replaceAll('-', ':')} ${wall.slice(11, 19)}`, ...(offset ? { OffsetTimeOriginal: offset } : {}) } } : {}),
      ...(place
        ? { IFD3: { GPSLatitudeRef: place.latitude < 0 ? 'S' : 'N', GPSLatitude: dms(Math.abs(place.latitude)), GPSLongitudeRef: place.longitude < 0 ? 'W' : 'E', GPSLongitude: dms(Math.abs(place.longitude)) } }
        : {}),
    })
    .toBuffer();
}

/** An operator's proof post: the medium, an optional capture time, and the files. */
export function postProof(
  t: TestContext,
  who: TestUser | null,
  projectId: number | string,
  fields: { mediaId: number | string; capturedAt?: string },
  files: { content: Buffer | string; contentType?: string; filename?: string }[],
) {
  return t.request({
    method: 'POST',
    url: `/api/operator/projects/${projectId}/proofs`,
    ...(who ? { cookie: who.cookie } : {}),
    ...multipart([
      { name: 'mediaId', content: String(fields.mediaId) },
      ...(fields.capturedAt === undefined ? [] : [{ name: 'capturedAt', content: fields.capturedAt }]),
      ...files.map((file, index) => ({ name: 'file', filename: file.filename ?? `proof-${index}.jpg`, contentType: file.contentType ?? 'image/jpeg', content: file.content })),
    ]),
  });
}
