import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Project } from '@orchard/shared';
import { errorCode, type TestContext, type TestUser } from '../../../test/harness.ts';
import { closeWithCleanLedger, fundingProject, multipart, notificationKindsOf, photoJpeg, projectsTestContext, runningProject, validRequestBody } from '../../../test/projects-kit.ts';
import { blankPng, measured, pixelFloodPng } from '../../../test/uploads-kit.ts';
import { encodingPipelineOf, resizeInput } from '../../../test/sharp-spy.ts';
import { regionWithinShape } from '../../lib/images.ts';
import { thumbnailSize } from './projects.service.ts';

vi.mock('sharp', async (original) => (await import('../../../test/sharp-spy.ts')).spiedSharp(await original()));

describe('execution photos and Awarded (docs/product.md#execution)', () => {
  let t: TestContext;
  let operator: TestUser;
  let artistId: number;

  const post = (who: TestUser, projectId: number, files: { content: Buffer | string; contentType?: string }[]) =>
    t.request({
      method: 'POST',
      url: `/api/operator/projects/${projectId}/photos`,
      cookie: who.cookie,
      ...multipart(files.map((file, index) => ({ name: 'file', filename: `photo-${index}.jpg`, contentType: file.contentType ?? 'image/jpeg', content: file.content }))),
    });

  const running = () => runningProject(t, operator, artistId);

  beforeAll(async () => {
    ({ t, operator, artistId } = await projectsTestContext({ longSessions: true }));
  });
  afterAll(() => closeWithCleanLedger(t));

  it('an operator posts photos of the running ad: re-encoded, shown in order, the project awarded, everyone told', async () => {
    const { creator, fans, project } = await running();
    const response = await post(operator, project.id, [{ content: await photoJpeg(1600, 1000) }, { content: await photoJpeg(900, 1200) }]);
    expect(response.statusCode, response.body).toBe(200);
    const awarded = (response.json() as { project: Project }).project;
    expect(awarded.status).toBe('awarded');
    expect(awarded.photos).toHaveLength(2);
    const stored = await t.request({ url: awarded.photos[0]! });
    const metadata = await sharp(stored.rawPayload).metadata();
    expect([metadata.format, metadata.width, metadata.height, metadata.exif]).toEqual(['webp', 1200, 900, undefined]);
    for (const user of [creator, ...fans]) expect(await notificationKindsOf(t, user.id, project.id)).toContain('awarded');
    const again = await post(operator, project.id, [{ content: await photoJpeg() }]);
    expect([again.statusCode, errorCode(again)]).toEqual([409, 'projects.not_running']);
  });

  it('refuses a project that is not running, strangers, and bad files, keeping nothing', async () => {
    const creator = await t.createUser();
    const funding = await fundingProject(t, creator, operator, await validRequestBody(t, artistId));
    const notYet = await post(operator, funding.id, [{ content: await photoJpeg() }]);
    expect([notYet.statusCode, errorCode(notYet)]).toEqual([409, 'projects.not_running']);
    const { project } = await running();
    expect((await post(creator, project.id, [{ content: await photoJpeg() }])).statusCode).toBe(403);
    const eleven = await post(operator, project.id, Array.from({ length: 11 }, () => ({ content: 'x' })));
    expect([eleven.statusCode, errorCode(eleven)]).toEqual([413, 'uploads.too_many_files']);
    const none = await t.request({ method: 'POST', url: `/api/operator/projects/${project.id}/photos`, cookie: operator.cookie, ...multipart([]) });
    expect(none.statusCode).toBe(400);
    const text = await post(operator, project.id, [{ content: await photoJpeg() }, { content: 'not an image', contentType: 'text/plain' }]);
    expect(text.statusCode).toBeGreaterThanOrEqual(400);
    expect(text.statusCode).toBeLessThan(500);
    const flood = await post(operator, project.id, [{ content: pixelFloodPng(), contentType: 'image/png' }]);
    expect(flood.statusCode).toBeGreaterThanOrEqual(400);
    expect(flood.statusCode).toBeLessThan(500);
    const after = (await t.request({ url: `/api/projects/${project.id}` })).json() as { project: Project };
    expect(after.project).toMatchObject({ status: 'running', photos: [] });
  });

  it('crops tiny 1 × 4000 and 4000 × 1 photos to a bounded shape before the resize, with a bounded memory rise', async () => {
    const { project } = await running();
    const sources = [{ width: 1, height: 4000 }, { width: 4000, height: 1 }];
    const slender = sources.map(({ width, height }) => ({ content: blankPng(width, height), contentType: 'image/png' }));
    const { result: response, rssRise } = await measured(() => post(operator, project.id, slender));
    expect(response.statusCode, response.body).toBe(200);
    sources.forEach((source, index) => {
      const { left: _left, top: _top, ...bounded } = regionWithinShape(source, thumbnailSize)!;
      expect(resizeInput(encodingPipelineOf(slender[index]!.content), source)).toEqual(bounded);
    });
    expect(rssRise).toBeLessThan(150 * 1024 * 1024);
    const after = (await t.request({ url: `/api/projects/${project.id}` })).json() as { project: Project };
    expect(after.project.photos).toHaveLength(2);
  });
});
