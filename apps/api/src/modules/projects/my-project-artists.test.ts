import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MyProjectArtists, Project } from '@orchard/shared';
import { createTestContext, type TestContext, type TestUser } from '../../../test/harness.ts';
import { expectLedgerClean, idempotencyKey } from '../../../test/points-fixtures.ts';
import { creditOrange, fundingProject, requestProject, validRequestBody } from '../../../test/projects-kit.ts';

/**
 * The My projects artist filter (docs/product.md#screens): every artist the fan has a project
 * with, whether or not the fan follows that artist; the fan's followed artists have no say.
 */
describe('GET /api/my/projects/artists', () => {
  let t: TestContext;
  let fan: TestUser;
  let creator: TestUser;
  let requestedArtist: number;
  let joinedArtist: number;
  let likedArtist: number;
  let unrelatedArtist: number;

  const artistsOf = async (user: TestUser) => {
    const response = await t.request({ url: '/api/my/projects/artists', cookie: user.cookie });
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as MyProjectArtists).items.map((artist) => artist.id);
  };

  beforeAll(async () => {
    t = await createTestContext({ env: { RATE_LIMIT_WRITES_PER_MINUTE: '100000', RATE_LIMIT_UPLOADS_PER_MINUTE: '100000' } });
    const operator = await t.createUser({ roles: ['operator'] });
    creator = await t.createUser();
    fan = await t.createUser();
    [requestedArtist, joinedArtist, likedArtist, unrelatedArtist] = [await t.createArtist(), await t.createArtist(), await t.createArtist(), await t.createArtist()];
    await requestProject(t, fan, await validRequestBody(t, requestedArtist));
    const joined: Project = await fundingProject(t, creator, operator, await validRequestBody(t, joinedArtist));
    const unit = joined.minimumUnit ?? 10;
    await creditOrange(t, fan.id, unit);
    const participation = await t.request({
      method: 'POST',
      url: `/api/projects/${joined.id}/participations`,
      cookie: fan.cookie,
      headers: { 'idempotency-key': idempotencyKey() },
      payload: { amount: unit },
    });
    expect(participation.statusCode, participation.body).toBe(201);
    const liked = await fundingProject(t, creator, operator, await validRequestBody(t, likedArtist));
    expect((await t.request({ method: 'PUT', url: `/api/projects/${liked.id}/like`, cookie: fan.cookie })).statusCode).toBeLessThan(300);
    await fundingProject(t, creator, operator, await validRequestBody(t, unrelatedArtist));
  });
  afterAll(async () => {
    await expectLedgerClean(t);
    await t.close();
  });

  it('lists the artists of the projects the fan requested, joined or liked, none of them followed', async () => {
    expect(await artistsOf(fan)).toEqual([requestedArtist, joinedArtist, likedArtist].sort((a, b) => a - b));
  });

  it('lists each artist once, with its names', async () => {
    const response = await t.request({ url: '/api/my/projects/artists', cookie: fan.cookie });
    const { items } = response.json() as MyProjectArtists;
    expect(new Set(items.map((artist) => artist.id)).size).toBe(items.length);
    expect(items[0]!.names.en).toMatch(/^Artist /);
  });

  it('lists a creator’s artists, nothing for a fan with no project, and refuses a guest', async () => {
    expect(await artistsOf(creator)).toEqual([joinedArtist, likedArtist, unrelatedArtist].sort((a, b) => a - b));
    expect(await artistsOf(await t.createUser())).toEqual([]);
    expect((await t.request({ url: '/api/my/projects/artists' })).statusCode).toBe(401);
  });
});
