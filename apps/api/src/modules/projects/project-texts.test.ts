import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Project } from '@orchard/shared';
import { errorCode, type TestContext, type TestUser } from '../../../test/harness.ts';
import { approvedWithThumbnail, closeWithCleanLedger, creationBody, creditOrange, decide, eventBody, postCreation, postEvent, projectsTestContext, requestProject, validRequestBody } from '../../../test/projects-kit.ts';

/**
 * docs/product.md#creation: people's text (titles, introductions, operators' reasons) holds no
 * control character, multi-line text keeps its line feeds and tabs; the introduction's links are
 * stored as the parsed URL, not as typed.
 */
describe('project texts and links (docs/product.md#creation)', () => {
  let t: TestContext;
  let operator: TestUser;
  let artistId: number;

  beforeAll(async () => {
    ({ t, operator, artistId } = await projectsTestContext());
  });
  afterAll(() => closeWithCleanLedger(t));

  async function approvedProject() {
    const creator = await t.createUser();
    const approved = await approvedWithThumbnail(t, creator, operator, await validRequestBody(t, artistId));
    await creditOrange(t, creator.id, approved.goal);
    return { creator, approved };
  }

  const controls = [
    ['ESC', 'Birthday \u001b[31mad'],
    ['DEL', 'Birthday\u007f ad'],
    ['NEL', 'Birthday\u0085 ad'],
    ['a C1 control', 'Birthday\u009b ad'],
    ['a bell', 'Birthday\u0007 ad'],
    ['a carriage return', 'Birthday\r ad'],
    ['a lone surrogate', 'Birthday \ud800 ad'],
  ] as const;

  it.each(controls)('refuses a title or an introduction holding %s, and creates nothing', async (_label, text) => {
    const { creator, approved } = await approvedProject();
    for (const field of ['title', 'introduction']) {
      const response = await postCreation(t, creator, approved.id, creationBody(approved, { [field]: text }));
      expect([response.statusCode, errorCode(response)], field).toEqual([400, 'validation.invalid']);
    }
    const event = await postEvent(t, operator, await eventBody(t, artistId, { title: text }));
    expect([event.statusCode, errorCode(event)]).toEqual([400, 'validation.invalid']);
    const requested = await requestProject(t, await t.createUser(), await validRequestBody(t, artistId));
    const rejected = await decide(t, operator, requested.id, { decision: 'reject', reason: text });
    expect([rejected.statusCode, errorCode(rejected)]).toEqual([400, 'validation.invalid']);
  });

  it('keeps line feeds and tabs in an introduction and in an operator’s reason, not in a title', async () => {
    const { creator, approved } = await approvedProject();
    const titled = await postCreation(t, creator, approved.id, creationBody(approved, { title: 'Birthday\nad' }));
    expect([titled.statusCode, errorCode(titled)]).toEqual([400, 'validation.invalid']);
    const introduction = 'Line one\n\tindented line two';
    const created = await postCreation(t, creator, approved.id, creationBody(approved, { introduction }));
    expect(created.statusCode, created.body).toBe(201);
    expect((created.json() as { project: Project }).project.introduction).toBe(introduction);
    const requested = await requestProject(t, await t.createUser(), await validRequestBody(t, artistId));
    const rejected = await decide(t, operator, requested.id, { decision: 'reject', reason: 'No inventory:\n\tthe screen is booked.' });
    expect(rejected.statusCode, rejected.body).toBe(200);
  });

  it.each([
    ['https://YouTube.com/watch?v=dQw4w9WgXcQ', 'https://X.COM/orchard', 'https://youtube.com/watch?v=dQw4w9WgXcQ', 'https://x.com/orchard'],
    ['HTTPS://youtu.be/dQw4w9WgXcQ?t=1 "><b>', 'https://twitter.com:443/a b', 'https://youtu.be/dQw4w9WgXcQ?t=1%20%22%3E%3Cb%3E', 'https://twitter.com/a%20b'],
    ['  https://www.youtube.com/watch?v=x  ', 'https://www.x.com/./orchard/../fan', 'https://www.youtube.com/watch?v=x', 'https://www.x.com/fan'],
  ])('stores %s and %s as the parsed URLs', async (youtubeUrl, xUrl, storedYoutube, storedX) => {
    const { creator, approved } = await approvedProject();
    const created = await postCreation(t, creator, approved.id, creationBody(approved, { youtubeUrl, xUrl }));
    expect(created.statusCode, created.body).toBe(201);
    expect((created.json() as { project: Project }).project).toMatchObject({ youtubeUrl: storedYoutube, xUrl: storedX });
    const event = await postEvent(t, operator, await eventBody(t, artistId, { youtubeUrl, xUrl }));
    expect(event.statusCode, event.body).toBe(201);
    expect((event.json() as { project: Project }).project).toMatchObject({ youtubeUrl: storedYoutube, xUrl: storedX });
  });

  it('refuses links holding control characters, even ones the URL parser would drop', async () => {
    const { creator, approved } = await approvedProject();
    for (const youtubeUrl of ['https://www.you\ttube.com/watch?v=x', 'https://www.youtube.com/watch?v=x\n', '\u0000https://youtu.be/x', 'https://youtu.be/x\u001b']) {
      const response = await postCreation(t, creator, approved.id, creationBody(approved, { youtubeUrl }));
      expect([response.statusCode, errorCode(response)], JSON.stringify(youtubeUrl)).toEqual([400, 'validation.invalid']);
    }
  });
});
