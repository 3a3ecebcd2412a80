import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Project, ProjectProof, ProofRecord, ProofsPostedResponse } from '@orchard/shared';
import { addDays, startOfKstDay } from '@orchard/shared/project-rules';
import { proofDueAt } from '@orchard/shared/proof-rules';
import { errorCode, type TestContext, type TestUser } from '../../../test/harness.ts';
import { minimalMp4 } from '../../../test/mp4-kit.ts';
import {
  capturedPhoto,
  closeWithCleanLedger,
  fundingProject,
  mediaFor,
  notificationKindsOf,
  photoJpeg,
  postProof,
  projectsTestContext,
  runningProject,
  todayOf,
  validRequestBody,
} from '../../../test/projects-kit.ts';
import { pixelFloodPng } from '../../../test/uploads-kit.ts';
import { sha256Hex } from './proofs.chain.ts';

/** About `meters` north of a place: a thousandth of a degree of latitude is about 111 m. */
const northOf = (place: { latitude: number; longitude: number }, meters: number) => ({ latitude: place.latitude + meters / 111_195, longitude: place.longitude });

describe('proof of every booked medium (docs/product.md#execution, decision 108)', () => {
  let t: TestContext;
  let operator: TestUser;
  let artistId: number;

  const running = () => runningProject(t, operator, artistId);
  const proofOf = async (projectId: number) => {
    const response = await t.request({ url: `/api/projects/${projectId}/proof` });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as ProjectProof;
  };
  const statusOf = async (projectId: number) => ((await t.request({ url: `/api/projects/${projectId}` })).json() as { project: Project }).project.status;
  const posted = (response: { statusCode: number; body: string; json: () => unknown }) => {
    expect(response.statusCode, response.body).toBe(201);
    return (response.json() as ProofsPostedResponse).proofs;
  };
  const withdraw = (who: TestUser | null, proofId: number | string, body: unknown) =>
    t.request({ method: 'POST', url: `/api/operator/proofs/${proofId}/withdrawal`, ...(who ? { cookie: who.cookie } : {}), payload: body as object });
  /** An hour into the ad's first day, in KST. */
  const duringAd = (project: Project) => new Date(startOfKstDay(project.adStartDate).getTime() + 3_600_000);

  beforeAll(async () => {
    ({ t, operator, artistId } = await projectsTestContext({ longSessions: true }));
  });
  afterAll(() => closeWithCleanLedger(t));

  it('one medium of two proven is not awarded; the second is, and everyone is told once', async () => {
    const { creator, fans, project } = await running();
    const [first, second] = project.media;
    const before = await proofOf(project.id);
    expect(before).toMatchObject({ status: 'due', bookedCount: 2, provenCount: 0, dueAt: proofDueAt(project.adStartDate).toISOString(), chain: { length: 0, head: null, valid: true } });

    const [one] = posted(await postProof(t, operator, project.id, { mediaId: first!.mediaId }, [{ content: await capturedPhoto({ takenAt: duringAd(project), place: northOf(first!, 30) }) }]));
    expect(await statusOf(project.id)).toBe('running');
    const half = await proofOf(project.id);
    expect([half.status, half.provenCount, half.media.map((medium) => medium.status)]).toEqual(['due', 1, ['proven', 'due']]);
    for (const user of [creator, ...fans]) expect(await notificationKindsOf(t, user.id, project.id)).not.toContain('awarded');

    const [two] = posted(await postProof(t, operator, project.id, { mediaId: second!.mediaId }, [{ content: await capturedPhoto({ takenAt: duringAd(project), place: northOf(second!, 10) }) }]));
    expect(await statusOf(project.id)).toBe('awarded');
    const full = await proofOf(project.id);
    expect([full.status, full.provenCount, full.chain]).toEqual(['proven', 2, { length: 2, head: two!.recordHash, valid: true }]);
    expect(two!.previousHash).toBe(one!.recordHash);
    expect(one!.previousHash).toBeNull();
    for (const user of [creator, ...fans]) expect((await notificationKindsOf(t, user.id, project.id)).filter((kind) => kind === 'awarded')).toHaveLength(1);

    // A further proof of an awarded project is welcome, and tells no one again.
    posted(await postProof(t, operator, project.id, { mediaId: first!.mediaId }, [{ content: await capturedPhoto({ takenAt: duringAd(project) }) }]));
    expect((await notificationKindsOf(t, creator.id, project.id)).filter((kind) => kind === 'awarded')).toHaveLength(1);
  });

  it('records the EXIF capture time at its offset and the GPS place, publishes a WebP without EXIF whose SHA-256 is the one recorded', async () => {
    const { project } = await running();
    const medium = project.media[0]!;
    const takenAt = duringAd(project);
    const [proof] = posted(
      await postProof(t, operator, project.id, { mediaId: medium.mediaId, capturedAt: '2000-01-01T00:00:00Z' }, [{ content: await capturedPhoto({ takenAt, offset: '-05:00', place: northOf(medium, 222) }) }]),
    );
    expect(proof).toMatchObject({ kind: 'photo', capturedAt: takenAt.toISOString(), capturedAtSource: 'exif', farFromMedium: false, operator: expect.any(String), withdrawn: false });
    expect(proof!.distanceMeters).toBeGreaterThanOrEqual(220);
    expect(proof!.distanceMeters).toBeLessThanOrEqual(224);
    expect(proof!.latitude).toBeCloseTo(medium.latitude + 222 / 111_195, 5);
    const served = await t.request({ url: proof!.url! });
    expect(served.statusCode).toBe(200);
    const metadata = await sharp(served.rawPayload).metadata();
    expect([metadata.format, metadata.exif]).toEqual(['webp', undefined]);
    expect(served.rawPayload.includes(Buffer.from('secret-exif-marker'))).toBe(false);
    expect(sha256Hex(served.rawPayload)).toBe(proof!.sha256);
  });

  it('a photo with EXIF but no offset is read as KST; one without EXIF takes the operator’s capturedAt', async () => {
    const { project } = await running();
    const medium = project.media[0]!;
    const takenAt = duringAd(project);
    const [kst] = posted(await postProof(t, operator, project.id, { mediaId: medium.mediaId }, [{ content: await capturedPhoto({ takenAt, offset: null }) }]));
    expect([kst!.capturedAt, kst!.capturedAtSource, kst!.latitude, kst!.distanceMeters]).toEqual([takenAt.toISOString(), 'exif', null, null]);
    const withoutExif = await postProof(t, operator, project.id, { mediaId: medium.mediaId }, [{ content: await photoJpeg() }]);
    expect([withoutExif.statusCode, errorCode(withoutExif)]).toEqual([422, 'proofs.captured_at_required']);
    const [told] = posted(await postProof(t, operator, project.id, { mediaId: medium.mediaId, capturedAt: `${project.adStartDate}T10:30:00+09:00` }, [{ content: await photoJpeg() }]));
    expect([told!.capturedAt, told!.capturedAtSource]).toEqual([new Date(`${project.adStartDate}T01:30:00Z`).toISOString(), 'operator']);
  });

  it('accepts a photo taken over 1 km from the medium and flags it', async () => {
    const { project } = await running();
    const medium = project.media[0]!;
    const [far] = posted(await postProof(t, operator, project.id, { mediaId: medium.mediaId }, [{ content: await capturedPhoto({ takenAt: duringAd(project), place: northOf(medium, 1_500) }) }]));
    expect(far!.farFromMedium).toBe(true);
    expect(far!.distanceMeters).toBeGreaterThan(1_000);
    const proof = await proofOf(project.id);
    expect(proof.media.find((entry) => entry.mediaId === medium.mediaId)!.proofs[0]!.farFromMedium).toBe(true);
  });

  it('refuses a capture outside the booked period, a medium the project did not book, and a project not running, keeping nothing', async () => {
    const { project } = await running();
    const medium = project.media[0]!;
    const dayBefore = new Date(startOfKstDay(project.adStartDate).getTime() - 1_000);
    const early = await postProof(t, operator, project.id, { mediaId: medium.mediaId }, [{ content: await capturedPhoto({ takenAt: dayBefore }) }]);
    expect([early.statusCode, errorCode(early)]).toEqual([422, 'proofs.captured_outside_booking']);
    const late = await postProof(t, operator, project.id, { mediaId: medium.mediaId, capturedAt: `${addDays(project.adEndDate, 1)}T00:00:00+09:00` }, [{ content: await photoJpeg() }]);
    expect([late.statusCode, errorCode(late)]).toEqual([422, 'proofs.captured_outside_booking']);
    // One good photo and one out of the booking: neither is kept.
    const mixed = await postProof(t, operator, project.id, { mediaId: medium.mediaId }, [{ content: await capturedPhoto({ takenAt: duringAd(project) }) }, { content: await capturedPhoto({ takenAt: dayBefore }) }]);
    expect(mixed.statusCode).toBe(422);
    const unbooked = (await mediaFor(t, 'basic')).find((candidate) => !project.media.some((booked) => booked.mediaId === candidate.id))!;
    const other = await postProof(t, operator, project.id, { mediaId: unbooked.id }, [{ content: await capturedPhoto({ takenAt: duringAd(project) }) }]);
    expect([other.statusCode, errorCode(other)]).toEqual([422, 'proofs.medium_not_booked']);
    const { project: another } = await running();
    const crossed = await postProof(t, operator, project.id, { mediaId: another.media.find((entry) => !project.media.some((booked) => booked.mediaId === entry.mediaId))?.mediaId ?? 2_147_483_000 }, [{ content: await photoJpeg() }]);
    expect([crossed.statusCode, errorCode(crossed)]).toEqual([422, 'proofs.medium_not_booked']);
    const creator = await t.createUser();
    const funding = await fundingProject(t, creator, operator, await validRequestBody(t, artistId));
    const notYet = await postProof(t, operator, funding.id, { mediaId: funding.media[0]!.mediaId, capturedAt: t.clock.now().toISOString() }, [{ content: await photoJpeg() }]);
    expect([notYet.statusCode, errorCode(notYet)]).toEqual([409, 'projects.not_running']);
    expect((await proofOf(project.id)).chain.length).toBe(0);
    const { rows } = await t.database.db.execute<{ n: number }>(sql`select count(*)::int as n from project_proofs where project_id in (${project.id}, ${funding.id})`);
    expect(Number(rows[0]!.n)).toBe(0);
  });

  it('answers wrong, missing, oversized and hostile input with a clear error', async () => {
    const { creator, project } = await running();
    const mediaId = project.media[0]!.mediaId;
    const photo = [{ content: await capturedPhoto({ takenAt: duringAd(project) }) }];
    expect((await postProof(t, null, project.id, { mediaId }, photo)).statusCode).toBe(401);
    expect((await postProof(t, creator, project.id, { mediaId }, photo)).statusCode).toBe(403);
    expect((await postProof(t, operator, 999_999, { mediaId }, photo)).statusCode).toBe(404);
    for (const bad of ['abc', '0', '-1', '1.5', '99999999999', "1' or 1=1", '']) {
      const response = await postProof(t, operator, project.id, { mediaId: bad }, photo);
      expect([response.statusCode, errorCode(response)], bad).toEqual([400, 'validation.invalid']);
    }
    for (const bad of ['yesterday', '2026-03-09', '2026-03-09T10:00:00', '<script>']) {
      const response = await postProof(t, operator, project.id, { mediaId, capturedAt: bad }, photo);
      expect([response.statusCode, errorCode(response)], bad).toEqual([400, 'validation.invalid']);
    }
    expect((await postProof(t, operator, 'x', { mediaId }, photo)).statusCode).toBe(400);
    const none = await postProof(t, operator, project.id, { mediaId }, []);
    expect(none.statusCode).toBe(400);
    const eleven = await postProof(t, operator, project.id, { mediaId }, Array.from({ length: 11 }, () => photo[0]!));
    expect([eleven.statusCode, errorCode(eleven)]).toEqual([413, 'uploads.too_many_files']);
    const gif = await postProof(t, operator, project.id, { mediaId }, [{ content: Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1'), contentType: 'image/gif', filename: 'x.gif' }]);
    expect(gif.statusCode).toBe(415);
    const text = await postProof(t, operator, project.id, { mediaId }, [{ content: 'not an image', contentType: 'text/plain', filename: 'x.txt' }]);
    expect(text.statusCode).toBe(415);
    const flood = await postProof(t, operator, project.id, { mediaId, capturedAt: t.clock.now().toISOString() }, [{ content: pixelFloodPng(), contentType: 'image/png', filename: 'flood.png' }]);
    expect(flood.statusCode).toBeGreaterThanOrEqual(400);
    expect(flood.statusCode).toBeLessThan(500);
    expect((await proofOf(project.id)).chain.length).toBe(0);
    expect(await statusOf(project.id)).toBe('running');
  });

  it('proves a digital screen with an MP4 clip and the operator’s capture time', async () => {
    const media = await mediaFor(t, 'basic');
    const screen = media.find((medium) => medium.format === 'MP4' && medium.durations.length > 0)!;
    const poster = media.filter((medium) => medium.format === 'JPG' && medium.durations.length > 0).sort((a, b) => a.price - b.price)[0]!;
    const body = { ...(await validRequestBody(t, artistId)), media: [screen, poster].map((medium) => ({ mediaId: medium.id, duration: Math.min(...medium.durations) })) };
    const { project } = await runningProject(t, operator, artistId, body);
    const clip = [{ content: minimalMp4(), contentType: 'video/mp4', filename: 'screen.mp4' }];
    const untimed = await postProof(t, operator, project.id, { mediaId: screen.id }, clip);
    expect([untimed.statusCode, errorCode(untimed)]).toEqual([422, 'proofs.captured_at_required']);
    const broken = await postProof(t, operator, project.id, { mediaId: screen.id, capturedAt: duringAd(project).toISOString() }, [{ content: minimalMp4({ media: false }), contentType: 'video/mp4', filename: 'broken.mp4' }]);
    expect(broken.statusCode).toBe(422);
    const onPoster = await postProof(t, operator, project.id, { mediaId: poster.id, capturedAt: duringAd(project).toISOString() }, clip);
    expect([onPoster.statusCode, errorCode(onPoster)]).toEqual([422, 'proofs.video_not_allowed']);
    const [video] = posted(await postProof(t, operator, project.id, { mediaId: screen.id, capturedAt: duringAd(project).toISOString() }, clip));
    expect(video).toMatchObject({ kind: 'video', capturedAtSource: 'operator', capturedAt: duringAd(project).toISOString(), latitude: null, distanceMeters: null });
    const served = await t.request({ url: video!.url! });
    expect([served.statusCode, sha256Hex(served.rawPayload)]).toEqual([200, video!.sha256]);
  });

  it('a withdrawal is a new record with its reason; the file is no longer served, and an awarded project runs again', async () => {
    const { project } = await running();
    const [first, second] = project.media;
    const [one] = posted(await postProof(t, operator, project.id, { mediaId: first!.mediaId }, [{ content: await capturedPhoto({ takenAt: duringAd(project) }) }]));
    posted(await postProof(t, operator, project.id, { mediaId: second!.mediaId }, [{ content: await capturedPhoto({ takenAt: duringAd(project) }) }]));
    expect(await statusOf(project.id)).toBe('awarded');
    for (const bad of [{}, { reason: '' }, { reason: '   ' }, { reason: 'x'.repeat(501) }, { reason: 'a\u0000b' }, { reason: 'ok', extra: 1 }]) {
      const response = await withdraw(operator, one!.id, bad);
      expect(response.statusCode, JSON.stringify(bad)).toBe(400);
    }
    expect((await withdraw(null, one!.id, { reason: 'x' })).statusCode).toBe(401);
    expect((await withdraw(await t.createUser(), one!.id, { reason: 'x' })).statusCode).toBe(403);
    expect((await withdraw(operator, 'abc', { reason: 'x' })).statusCode).toBe(400);
    expect((await withdraw(operator, 999_999_999, { reason: 'x' })).statusCode).toBe(404);

    const response = await withdraw(operator, one!.id, { reason: 'The wrong face: the next station’s board' });
    expect(response.statusCode, response.body).toBe(201);
    const withdrawal = (response.json() as { proof: ProofRecord }).proof;
    expect(withdrawal).toMatchObject({ withdraws: one!.id, reason: 'The wrong face: the next station’s board', url: null, sha256: null, mediaId: first!.mediaId });
    expect(await statusOf(project.id)).toBe('running');
    expect((await t.request({ url: one!.url!, cookie: operator.cookie })).statusCode).toBe(404);
    const proof = await proofOf(project.id);
    expect([proof.status, proof.provenCount, proof.chain.length, proof.chain.valid, proof.chain.head]).toEqual(['due', 1, 3, true, withdrawal.recordHash]);
    expect(proof.media[0]!.proofs.map((record) => [record.id, record.withdrawn, record.url])).toEqual([
      [one!.id, true, null],
      [withdrawal.id, false, null],
    ]);
    const twice = await withdraw(operator, one!.id, { reason: 'again' });
    expect([twice.statusCode, errorCode(twice)]).toEqual([409, 'proofs.already_withdrawn']);
    const ofWithdrawal = await withdraw(operator, withdrawal.id, { reason: 'undo' });
    expect([ofWithdrawal.statusCode, errorCode(ofWithdrawal)]).toEqual([404, 'proofs.not_found']);
  });

  it('the chain verifies, and stops verifying when a stored record is altered in the database', async () => {
    const { project } = await running();
    const medium = project.media[0]!;
    const records = posted(await postProof(t, operator, project.id, { mediaId: medium.mediaId }, [{ content: await capturedPhoto({ takenAt: duringAd(project), place: northOf(medium, 5) }) }, { content: await capturedPhoto({ takenAt: duringAd(project) }) }]));
    expect(records.map((record) => record.previousHash)).toEqual([null, records[0]!.recordHash]);
    expect((await proofOf(project.id)).chain.valid).toBe(true);
    // Moving the capture a day, as a forger would, breaks the chain at that record.
    await t.database.db.execute(sql`update project_proofs set captured_at = captured_at + interval '1 day' where id = ${records[0]!.id}`);
    expect((await proofOf(project.id)).chain.valid).toBe(false);
    await t.database.db.execute(sql`update project_proofs set captured_at = captured_at - interval '1 day' where id = ${records[0]!.id}`);
    expect((await proofOf(project.id)).chain.valid).toBe(true);
    // So does swapping a record's hash for a recomputed one that forgets its predecessor.
    await t.database.db.execute(sql`update project_proofs set previous_hash = null where id = ${records[1]!.id}`);
    expect((await proofOf(project.id)).chain.valid).toBe(false);
  });

  it('concurrent posts to one project make one contiguous chain', async () => {
    const { project } = await running();
    const photos = await Promise.all(Array.from({ length: 4 }, () => capturedPhoto({ takenAt: duringAd(project) })));
    const responses = await Promise.all(photos.map((content, index) => postProof(t, operator, project.id, { mediaId: project.media[index % 2]!.mediaId }, [{ content }])));
    for (const response of responses) expect(response.statusCode, response.body).toBe(201);
    const { rows } = await t.database.db.execute<{ sequence: number }>(sql`select sequence from project_proofs where project_id = ${project.id} order by sequence`);
    expect(rows.map((row) => Number(row.sequence))).toEqual([1, 2, 3, 4]);
    expect(await proofOf(project.id)).toMatchObject({ status: 'proven', chain: { length: 4, valid: true } });
    expect(await statusOf(project.id)).toBe('awarded');
  });

  it('past the due time with a medium unproven, the creator and every participant are told once what is missing', async () => {
    const { creator, fans, project } = await running();
    const [first, second] = project.media;
    posted(await postProof(t, operator, project.id, { mediaId: first!.mediaId }, [{ content: await capturedPhoto({ takenAt: duringAd(project) }) }]));
    const dueAt = proofDueAt(project.adStartDate);
    t.clock.set(dueAt);
    await t.services.proofs.noticeOverdueProofs();
    expect(await notificationKindsOf(t, creator.id, project.id)).not.toContain('proof_overdue');
    expect((await proofOf(project.id)).status).toBe('due');
    t.clock.set(new Date(dueAt.getTime() + 1));
    expect((await proofOf(project.id)).media.map((medium) => medium.status)).toEqual(['proven', 'overdue']);
    await t.services.proofs.noticeOverdueProofs();
    await t.services.proofs.noticeOverdueProofs();
    for (const user of [creator, ...fans]) expect((await notificationKindsOf(t, user.id, project.id)).filter((kind) => kind === 'proof_overdue'), user.id).toHaveLength(1);
    const { rows } = await t.database.db.execute<{ params: { dueAt: string; bookedCount: number; missing: Record<string, string>[] } }>(
      sql`select params from notifications where project_id = ${project.id} and kind = 'proof_overdue' and user_id = ${creator.id}`,
    );
    expect(rows[0]!.params).toMatchObject({ dueAt: dueAt.toISOString(), bookedCount: 2 });
    expect(rows[0]!.params.missing).toHaveLength(1);
    expect(rows[0]!.params.missing[0]!.ko).toBe(second!.name);
    expect(Object.keys(rows[0]!.params.missing[0]!).sort()).toEqual(['en', 'es', 'ja', 'ko', 'zh']);
  });

  it('answers the proof of a created project to anyone; a request or an unknown one is not found', async () => {
    const creator = await t.createUser();
    const funding = await fundingProject(t, creator, operator, await validRequestBody(t, artistId));
    expect(await proofOf(funding.id)).toMatchObject({ status: 'not_due', provenCount: 0, bookedCount: 2 });
    const requested = await t.request({ method: 'POST', url: '/api/project-requests', cookie: creator.cookie, headers: { 'idempotency-key': crypto.randomUUID() }, payload: { ...(await validRequestBody(t, artistId)), adStartDate: addDays(todayOf(t), 60) } });
    expect(requested.statusCode, requested.body).toBe(201);
    const request = (requested.json() as { project: Project }).project;
    expect((await t.request({ url: `/api/projects/${request.id}/proof` })).statusCode).toBe(404);
    expect((await t.request({ url: '/api/projects/999999/proof' })).statusCode).toBe(404);
    expect((await t.request({ url: '/api/projects/abc/proof' })).statusCode).toBe(400);
  });
});
