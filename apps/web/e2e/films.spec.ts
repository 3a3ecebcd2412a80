import path from 'node:path';
import { expect, test, type Browser, type Page } from './fixtures.ts';
import { minimumDepositFor } from '@orchard/shared/project-rules';
import enFilm from '../src/locales/en/film.json' with { type: 'json' };
import koFilm from '../src/locales/ko/film.json' with { type: 'json' };
import { api, captureScreen, chargeThroughSandbox, expectNoHorizontalScroll, newPerson, pngFromCanvas, serverKstDate, uniqueSubject } from './support.ts';
import { xssPayloads } from '../src/test/xss-payloads.ts';

/**
 * Films at 375 px (docs/product.md#films): a fan uploads a small real MP4 (H.264, 3 KB) with the
 * progress bar on screen and plays it, in English; a fan links a YouTube film to an ad they created
 * and finds it on that project's page, in Korean; 100 XSS payloads as film titles stay text
 * (docs/quality.md#s9). Screenshots go to ORCHARD_SHOTS_DIR.
 */
const fixture = path.resolve(import.meta.dirname, '../../api/test/fixtures/film.mp4');

const executions: string[] = [];

async function person(browser: Browser, language: 'en' | 'ko', subject: string, join = true): Promise<Page> {
  const page = await newPerson(browser, language, subject, join);
  await page.setViewportSize({ width: 375, height: 812 });
  // The tripwires of docs/quality.md#s9: any dialog, or the global flag a payload would set.
  await page.addInitScript(() => {
    (window as unknown as { __xss?: number }).__xss = undefined;
  });
  page.on('dialog', (dialog) => {
    executions.push(`${subject}: ${dialog.type()} ${dialog.message()}`);
    void dialog.dismiss();
  });
  return page;
}

/** Request → approval → thumbnail → Orange charged on the sandbox → creation, through the API: the creator's deposit makes them a participant. */
async function createdProject(creator: Page, ops: Page, artistId: number, title: string): Promise<number> {
  const media = (await api<{ items: { id: number; price: number; durations: number[] }[] }>(creator, 'GET', '/api/media?packageId=basic&limit=100')).items
    .filter((medium) => medium.durations.length > 0)
    .sort((a, b) => a.price * Math.min(...a.durations) - b.price * Math.min(...b.durations))
    .slice(0, 1);
  const requested = await api<{ project: { id: number; goal: number } }>(
    creator,
    'POST',
    '/api/project-requests',
    {
      artistId,
      purpose: 'limited',
      option: 'image',
      packageId: 'basic',
      media: media.map((medium) => ({ mediaId: medium.id, duration: Math.min(...medium.durations) })),
      adStartDate: await serverKstDate(ops, 45),
      fundingStartDate: await serverKstDate(ops, 0),
    },
    { 'Idempotency-Key': crypto.randomUUID() },
  );
  const { id, goal } = requested.project;
  await api(ops, 'POST', `/api/operator/projects/${id}/decision`, { decision: 'approve' });
  const origin = new URL(creator.url()).origin;
  const upload = await creator.request.put(`${origin}/api/projects/${id}/thumbnail`, {
    headers: { origin },
    multipart: { file: { name: 'thumb.png', mimeType: 'image/png', buffer: await pngFromCanvas(creator) } },
  });
  expect(upload.status(), await upload.text()).toBe(200);
  const deposit = minimumDepositFor(goal, 10);
  for (let charged = 0; charged < deposit; charged += 5000) await chargeThroughSandbox(creator, 'orange-5000');
  await api(
    creator,
    'POST',
    `/api/projects/${id}/creation`,
    { minimumUnit: 10, title, introduction: `${title} introduction`, creatorXId: '@orchard_fan', creatorEmail: 'fan@example.com', deposit },
    { 'Idempotency-Key': crypto.randomUUID() },
  );
  return id;
}

test('films (en): the floating menu opens the form, an MP4 uploads with its progress bar, plays, and is listed; signed out the form asks to log in', async ({ browser }) => {
  test.setTimeout(180_000);
  const fan = await person(browser, 'en', uniqueSubject('film-fan'));

  await fan.goto('/');
  await fan.getByRole('button', { name: 'Open the create menu' }).click();
  await fan.locator('.floating-menu__list').getByRole('link', { name: 'Post a film' }).click();
  await expect(fan).toHaveURL(/\/create-film$/);
  await expect(fan.getByText('MP4 only, up to 200 MB.')).toBeVisible();
  await fan.getByLabel(enFilm.form.title).fill('Subway ad <b>first</b> look');
  await fan.getByLabel(enFilm.form.file).setInputFiles(fixture);

  // Hold the upload's answer so the progress bar can be seen (the file is 3 KB).
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await fan.route('**/api/films/uploads', async (route) => {
    await held;
    await route.continue();
  });
  await fan.getByRole('button', { name: enFilm.form.submit, exact: true }).click();
  await expect(fan.getByRole('progressbar', { name: enFilm.form.progress })).toBeVisible();
  await expect(fan.getByRole('button', { name: enFilm.form.cancel })).toBeVisible();
  await captureScreen(fan, 'films-upload-progress');
  release();

  await expect(fan).toHaveURL(/\/film\/\d+$/);
  await expect(fan.getByRole('heading', { name: 'Subway ad <b>first</b> look' })).toBeVisible();
  const video = fan.locator('video');
  await expect(video).toHaveAttribute('src', /^\/api\/files\/films\/[0-9a-f]{32}\.mp4$/);
  await expect(video).toHaveAttribute('poster', /^\/api\/files\/film-posters\/[0-9a-f]{32}\.webp$/);
  const played = await video.evaluate(async (element: HTMLVideoElement) => {
    element.muted = true;
    await element.play();
    await new Promise((resolve) => setTimeout(resolve, 600));
    return { time: element.currentTime, width: element.videoWidth, error: element.error?.code ?? null };
  });
  expect(played.error).toBeNull();
  expect(played.width).toBe(160);
  expect(played.time).toBeGreaterThan(0);
  await captureScreen(fan, 'films-detail-upload');
  await expectNoHorizontalScroll(fan);

  await fan.goto('/film');
  await expect(fan.getByRole('link', { name: /Subway ad <b>first<\/b> look/ }).first()).toBeVisible();
  await captureScreen(fan, 'films-list');
  await fan.goto('/my-page/film-list');
  await expect(fan.getByRole('button', { name: 'Delete “Subway ad <b>first</b> look”' })).toBeVisible();
  await captureScreen(fan, 'films-my-list');

  const guest = await (await browser.newContext()).newPage();
  await guest.setViewportSize({ width: 375, height: 812 });
  await guest.goto('/create-film');
  await expect(guest.getByRole('link', { name: /log in|로그인/i })).toBeVisible();
  expect(executions).toEqual([]);
});

test('films (ko): a YouTube film linked to an ad the fan created shows on that project page; 100 XSS titles stay text', async ({ browser }) => {
  test.setTimeout(300_000);
  const fan = await person(browser, 'ko', uniqueSubject('film-ko'));
  const ops = await person(browser, 'en', 'operator', false);
  const followed = await api<{ items: { id: number }[] }>(fan, 'GET', '/api/users/following-artists');
  const artistId = followed.items[0]!.id;
  const projectId = await createdProject(fan, ops, artistId, '지하철 생일 광고');

  await fan.goto('/create-film');
  await fan.getByLabel(koFilm.form.title).fill('광고 현장 직캠');
  await fan.getByLabel(koFilm.form.project).selectOption({ label: '지하철 생일 광고' });
  await fan.getByRole('button', { name: koFilm.form.source.youtube }).click();
  await fan.getByRole('textbox', { name: koFilm.form.youtube }).fill('https://youtube.com/shorts/abcDEF_-123');
  await captureScreen(fan, 'films-create-youtube-ko');
  await fan.getByRole('button', { name: koFilm.form.submit, exact: true }).click();
  await expect(fan).toHaveURL(/\/film\/\d+$/);
  // Nothing from YouTube before the tap: no frame, only the facade.
  await expect(fan.locator('iframe')).toHaveCount(0);
  await expect(fan.getByRole('button', { name: new RegExp(koFilm.player.playYoutube) })).toBeVisible();
  await captureScreen(fan, 'films-detail-youtube-ko');

  await fan.goto(`/project/${projectId}`);
  const section = fan.getByRole('region', { name: koFilm.project.title });
  await expect(section.getByRole('link', { name: /광고 현장 직캠/ })).toBeVisible();
  await captureScreen(fan, 'films-project-page-ko');

  // docs/quality.md#s9: 100 payloads as titles (cut to the 100-character limit), listed and opened.
  // A title is one line: the payload split by a line break is joined by a space instead.
  const payloads = xssPayloads.map((payload) => [...payload.replace('\n', ' ')].slice(0, 100).join(''));
  expect(payloads).toHaveLength(100);
  const xssArtist = (await api<{ items: { id: number }[] }>(ops, 'GET', '/api/artists?limit=1')).items[0]!.id;
  const authors = [fan, ops];
  for (const [index, title] of payloads.entries()) {
    await api(authors[index % 2]!, 'POST', '/api/films', { title, artistId: xssArtist, youtubeUrl: 'https://youtu.be/dQw4w9WgXcQ' });
  }
  await fan.goto('/film');
  const more = fan.getByRole('button', { name: koFilm.list.more });
  for (let shown = 20; shown < 100; shown += 20) {
    await more.click();
    await expect(fan.locator('.film-card')).toHaveCount(shown + 20);
  }
  await expect(fan.getByText(payloads[0]!, { exact: true })).toBeVisible();
  const first = (await api<{ items: { id: number }[] }>(fan, 'GET', `/api/films?artistId=${xssArtist}&limit=1`)).items[0]!.id;
  await fan.goto(`/film/${first}`);
  await fan.waitForLoadState('networkidle');
  expect(await fan.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
  expect(executions).toEqual([]);
});
