import { expect, test, type Browser, type Page } from './fixtures.ts';
import { minimumDepositFor } from '@orchard/shared/project-rules';
import { spaPaths } from '@orchard/shared/spa-paths';
import enCommunity from '../src/locales/en/community.json' with { type: 'json' };
import enMyPage from '../src/locales/en/myPage.json' with { type: 'json' };
import koCommunity from '../src/locales/ko/community.json' with { type: 'json' };
import { xssPayloads as payloads } from '../src/test/xss-payloads.ts';
import { api, captureScreen, completeJoin, expectAccessible, expectNoHorizontalScroll, serverKstDate, signInWithDevProvider, uniqueSubject, useEnglish } from './support.ts';

/**
 * Comments, reports and hiding end to end (docs/product.md#comments, docs/product.md#reports), and
 * docs/quality.md#s9: 100 XSS payloads posted as comments, and the same 100 as project titles, are
 * shown as text in Chromium; no dialog opens and no payload sets its global flag.
 */

function kstDatePlus(days: number): string {
  return new Date(Date.now() + 9 * 3_600_000 + days * 86_400_000).toISOString().slice(0, 10);
}

async function newPerson(browser: Browser, subject: string, join = true): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await useEnglish(page);
  // The tripwires of docs/quality.md#s9: any dialog or the global flag a payload would set.
  await page.addInitScript(() => {
    (window as unknown as { __xss?: number }).__xss = undefined;
  });
  page.on('dialog', (dialog) => {
    executions.push(`${subject}: ${dialog.type()} ${dialog.message()}`);
    void dialog.dismiss();
  });
  await signInWithDevProvider(page, subject);
  if (join) await completeJoin(page);
  return page;
}
const executions: string[] = [];

/** The API as the signed-in page (its cookies), with the app's own Origin on writes. */
async function call(page: Page, method: 'GET' | 'POST' | 'PUT', path: string, data?: unknown, headers: Record<string, string> = {}) {
  const origin = new URL(page.url()).origin;
  const response = await page.request.fetch(`${origin}${path}`, { method, data, headers: { origin, 'accept-language': 'en', ...headers } });
  expect(response.status(), `${method} ${path}: ${await response.text()}`).toBeLessThan(400);
  return response.json() as Promise<Record<string, unknown>>;
}

async function pngFromCanvas(page: Page): Promise<Buffer> {
  const dataUrl = await page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 800;
    canvas.height = 600;
    const context = canvas.getContext('2d')!;
    context.fillStyle = '#ff7a1a';
    context.fillRect(0, 0, 800, 600);
    return canvas.toDataURL('image/png');
  });
  return Buffer.from(dataUrl.split(',')[1]!, 'base64');
}

/** Request → approval → thumbnail → Orange charge on the sandbox → creation, all through the API. */
async function createProject(creator: Page, ops: Page, title: string): Promise<number> {
  const artists = (await call(creator, 'GET', '/api/artists?limit=1')) as { items: { id: number }[] };
  const media = ((await call(creator, 'GET', '/api/media?packageId=basic&limit=100')) as { items: { id: number; price: number; durations: number[] }[] }).items
    .filter((medium) => medium.durations.length > 0)
    .sort((a, b) => a.price * Math.min(...a.durations) - b.price * Math.min(...b.durations))
    .slice(0, 1);
  const requested = (await call(
    creator,
    'POST',
    '/api/project-requests',
    {
      artistId: artists.items[0]!.id,
      purpose: 'limited',
      option: 'image',
      packageId: 'basic',
      media: media.map((medium) => ({ mediaId: medium.id, duration: Math.min(...medium.durations) })),
      adStartDate: kstDatePlus(45),
      fundingStartDate: kstDatePlus(0),
    },
    { 'idempotency-key': crypto.randomUUID() },
  )) as { project: { id: number; goal: number } };
  const { id, goal } = requested.project;
  await call(ops, 'POST', `/api/operator/projects/${id}/decision`, { decision: 'approve' });
  const origin = new URL(creator.url()).origin;
  const upload = await creator.request.put(`${origin}/api/projects/${id}/thumbnail`, {
    headers: { origin },
    multipart: { file: { name: 'thumb.png', mimeType: 'image/png', buffer: await pngFromCanvas(creator) } },
  });
  expect(upload.status(), await upload.text()).toBe(200);
  const deposit = minimumDepositFor(goal, 10);
  let charged = 0;
  while (charged < deposit) {
    const charge = (await call(creator, 'POST', '/api/points/charges', { packageId: 'orange-5000', method: 'card' }, { 'idempotency-key': crypto.randomUUID() })) as {
      checkoutUrl: string;
    };
    await creator.goto(charge.checkoutUrl);
    await creator.getByRole('button', { name: /^Approve |결제 승인$/ }).click();
    await creator.waitForURL(/\/my-page\/completed-charge\//);
    charged += 5000;
  }
  await call(
    creator,
    'POST',
    `/api/projects/${id}/creation`,
    {
      minimumUnit: 10,
      title,
      introduction: `${title} introduction`,
      creatorXId: '@orchard_fan',
      creatorEmail: 'fan@example.com',
      deposit,
    },
    { 'idempotency-key': crypto.randomUUID() },
  );
  return id;
}

async function xssFlag(page: Page) {
  return page.evaluate(() => (window as unknown as { __xss?: number }).__xss);
}

test('community: 100 XSS comments stay text; a report, the operator hides the comment, the fan sees it hidden', async ({ browser }) => {
  test.setTimeout(300_000);
  const fan = await newPerson(browser, uniqueSubject('community-fan'));
  const reporter = await newPerson(browser, uniqueSubject('community-reporter'));
  const ops = await newPerson(browser, 'operator', false);

  const projectId = await createProject(fan, ops, '<img src=x onerror="window.__xss=99">');
  for (const body of payloads) await call(fan, 'POST', `/api/projects/${projectId}/comments`, { body });
  expect(payloads).toHaveLength(100);

  // All 100, page by page, in the fan's browser.
  await fan.goto(`/comment-list/${projectId}`);
  const list = fan.getByRole('list', { name: enCommunity.listLabel });
  await expect(list.getByRole('listitem')).toHaveCount(20);
  for (let page = 2; page <= 5; page += 1) {
    await fan.getByRole('button', { name: enCommunity.loadMore }).click();
    await expect(list.getByRole('listitem')).toHaveCount(page * 20);
  }
  await expect(fan.getByRole('button', { name: enCommunity.loadMore })).toHaveCount(0);
  await expect(list.getByText(payloads[0]!, { exact: true })).toBeVisible();
  await fan.goto(`/project/${projectId}`);
  await fan.waitForLoadState('networkidle');
  expect(await xssFlag(fan)).toBeUndefined();
  expect(executions).toEqual([]);

  // A fresh comment, reported in Korean by another fan.
  await call(fan, 'POST', `/api/projects/${projectId}/comments`, { body: 'Spam: buy followers at example.com' });
  await reporter.evaluate(() => localStorage.setItem('languageAndCurrency', JSON.stringify({ state: { language: 'ko', currency: 'KRW' }, version: 0 })));
  await reporter.goto(`/comment-list/${projectId}`);
  const reported = reporter.getByRole('listitem').filter({ hasText: 'Spam: buy followers' });
  await expect(reported).toBeVisible();
  await captureScreen(reporter, 'community-comment-list-ko');
  await expectAccessible(reporter, 'comment list');
  await expectNoHorizontalScroll(reporter);
  await reported.getByRole('button', { name: koCommunity.report.open }).click();
  const sheet = reporter.getByRole('dialog');
  await sheet.getByRole('radio', { name: koCommunity.report.reasons.REPR006, exact: true }).check();
  await sheet.getByLabel(koCommunity.report.detailLabel).fill('광고성 링크예요');
  await captureScreen(reporter, 'community-report-sheet-ko');
  await sheet.getByRole('button', { name: koCommunity.report.submit }).click();
  await expect(reporter.getByText(koCommunity.report.done)).toBeVisible();
  // The same item again: "Already reported."
  await reported.getByRole('button', { name: koCommunity.report.open }).click();
  await reporter.getByRole('dialog').getByRole('radio', { name: koCommunity.report.reasons.REPR004, exact: true }).check();
  await reporter.getByRole('dialog').getByRole('button', { name: koCommunity.report.submit }).click();
  await expect(reporter.getByText(koCommunity.report.already)).toBeVisible();

  // The operator (English here) hides it from the console's reports queue.
  await ops.goto('/ops/reports');
  const card = ops.getByRole('listitem').filter({ hasText: 'Spam: buy followers' });
  await expect(card).toBeVisible();
  await card.scrollIntoViewIfNeeded();
  await captureScreen(ops, 'community-ops-queue-en');
  await card.getByRole('button', { name: enCommunity.queue.actions.hide }).click();
  await ops.getByRole('alertdialog', { name: enCommunity.queue.hideConfirm.title.comment }).getByRole('button', { name: enCommunity.queue.hideConfirm.confirm }).click();
  await expect(card).toHaveCount(0);

  // Everyone but operators sees it hidden.
  await fan.goto(`/comment-list/${projectId}`);
  await expect(fan.getByText(enCommunity.hidden)).toBeVisible();
  await expect(fan.getByText('Spam: buy followers at example.com')).toHaveCount(0);
  await captureScreen(fan, 'community-comment-hidden-en');
  // The report sheet in English, on one of the fan's comments, from the other fan's browser.
  await reporter.evaluate(() => localStorage.setItem('languageAndCurrency', JSON.stringify({ state: { language: 'en', currency: 'KRW' }, version: 0 })));
  await reporter.goto(`/comment-list/${projectId}`);
  await reporter.getByRole('button', { name: enCommunity.report.open }).first().click();
  await reporter.getByRole('dialog').getByRole('radio', { name: enCommunity.report.reasons.REPR006, exact: true }).check();
  await captureScreen(reporter, 'community-report-sheet-en');
  expect(await xssFlag(reporter)).toBeUndefined();
  expect(await xssFlag(fan)).toBeUndefined();
  expect(executions).toEqual([]);
});

/** A payload as a title: line breaks become spaces, cut to the 60 characters a title may have (docs/product.md#creation). */
const titleOf = (payload: string) => payload.replace(/\s*\n\s*/g, ' ').slice(0, 60).trim();

test('100 hostile project titles stay text on the project list and on each project page (docs/quality.md#s9)', async ({ browser }) => {
  test.setTimeout(300_000);
  const ops = await newPerson(browser, 'operator', false);
  await ops.goto(spaPaths.home);
  // Events are the cheapest projects to make (docs/product.md#events): one write each, no approval,
  // thumbnail or deposit, and they are `funding` at once. 100 writes stay under the operator's 120 a minute.
  const artists = await api<{ items: { id: number }[] }>(ops, 'GET', '/api/artists?limit=1');
  const media = (await api<{ items: { id: number; price: number; durations: number[] }[] }>(ops, 'GET', '/api/media?packageId=basic&limit=100')).items
    .filter((medium) => medium.durations.length > 0)
    .sort((a, b) => a.price * Math.min(...a.durations) - b.price * Math.min(...b.durations));
  const plan = {
    artistId: artists.items[0]!.id,
    purpose: 'ongoing',
    option: 'image',
    packageId: 'basic',
    media: [{ mediaId: media[0]!.id, duration: Math.min(...media[0]!.durations) }],
    adStartDate: await serverKstDate(ops, 45),
    fundingStartDate: await serverKstDate(ops, 0),
    minimumUnit: 10,
    introduction: 'docs/quality.md#s9 title probe',
  };
  const titles = payloads.map(titleOf);
  const events: { id: number; title: string }[] = [];
  for (const title of titles) {
    const { project } = await api<{ project: { id: number; title: string } }>(ops, 'POST', '/api/operator/events', { ...plan, title }, { 'Idempotency-Key': crypto.randomUUID() });
    events.push({ id: project.id, title: project.title });
  }
  expect(events.map((event) => event.title)).toEqual(titles);

  // The list (my page, Open: the operator made them), every page of it.
  await ops.goto(`${spaPaths.projectList}?tab=open`);
  const cards = ops.locator('.project-card');
  const more = ops.getByRole('button', { name: enMyPage.projects.more });
  await expect(cards.first()).toBeVisible();
  while ((await cards.count()) < titles.length) {
    const shown = await cards.count();
    await more.click();
    await expect.poll(() => cards.count()).toBeGreaterThan(shown);
  }
  const listed = await ops.locator('.project-card__title').allTextContents();
  expect([...listed.slice(0, titles.length)].sort()).toEqual([...titles].sort());
  await captureScreen(ops, 'community-hostile-titles-list-en');

  // Each project's page, with the title as its heading. The router is moved in place (as Back and
  // Forward move it) rather than reloading the app 100 times, to keep the journey short.
  for (const event of events) {
    await ops.evaluate((path) => {
      window.history.pushState(null, '', path);
      window.dispatchEvent(new PopStateEvent('popstate'));
    }, spaPaths.project(event.id));
    await expect(ops.locator('#project-title')).toHaveText(event.title);
  }
  await captureScreen(ops, 'community-hostile-title-page-en');
  expect(await xssFlag(ops)).toBeUndefined();

  // Each as a shared link opened signed out: the page the API renders with the project in it
  // (decision 110), read with JavaScript off, holds the title as the heading's text and no
  // element or handler of the payload's.
  const linkContext = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 375, height: 812 } });
  const link = await linkContext.newPage();
  for (const event of events) {
    await link.goto(spaPaths.project(event.id));
    await expect(link.locator('#project-title')).toHaveText(event.title);
    const planted = await link.locator('#root').evaluate((root) =>
      [...root.querySelectorAll('*')].flatMap((element) => [
        ...(['SCRIPT', 'IFRAME', 'OBJECT', 'EMBED', 'STYLE', 'META'].includes(element.tagName) ? [element.tagName] : []),
        ...[...element.attributes].filter((attribute) => attribute.name.startsWith('on') || /^\s*javascript:/i.test(attribute.value)).map((attribute) => attribute.name),
      ]),
    );
    expect(planted, event.title).toEqual([]);
  }
  await linkContext.close();
  expect(executions).toEqual([]);
});

/** Slows the page's uploads (Chromium's network emulation), so the post box's progress bar is on screen long enough to see. */
async function slowUploads(page: Page, bytesPerSecond: number) {
  const session = await page.context().newCDPSession(page);
  await session.send('Network.enable');
  await session.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: bytesPerSecond });
  return () => session.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
}

test("an artist's community at 375 px: a fan posts with two photos (Korean), another comments, likes and reports it (English), the operator hides it; 100 XSS posts and comments stay text", async ({ browser }) => {
  test.setTimeout(300_000);
  const author = await newPerson(browser, uniqueSubject('community-author'));
  const other = await newPerson(browser, uniqueSubject('community-other'));
  const ops = await newPerson(browser, 'operator', false);
  for (const page of [author, other, ops]) await page.setViewportSize({ width: 375, height: 812 });
  const { items } = (await call(author, 'GET', '/api/artists?limit=1')) as { items: { id: number; type: string }[] };
  const artist = items[0]!;
  const communityPath = `${spaPaths.artist(artist.type, artist.id)}?tab=community`;

  // Signed out, the post box is the login-required prompt, its link coming back here.
  const guestContext = await browser.newContext({ viewport: { width: 375, height: 812 } });
  const guest = await guestContext.newPage();
  await useEnglish(guest);
  await guest.goto(communityPath);
  const logIn = guest.getByRole('link', { name: enCommunity.logIn });
  await expect(guest.getByText(enCommunity.post.signIn)).toBeVisible();
  expect(await logIn.getAttribute('href')).toBe(`/login?next=${encodeURIComponent(communityPath)}`);
  await captureScreen(guest, 'community-posts-guest-en');

  // The author, in Korean, posts text and two photos; the upload's progress bar shows.
  await author.evaluate(() => localStorage.setItem('languageAndCurrency', JSON.stringify({ state: { language: 'ko', currency: 'KRW' }, version: 0 })));
  await author.goto(communityPath);
  const text = `역 광고 보러 같이 가요! ${uniqueSubject('post')}`;
  await author.getByLabel(koCommunity.post.label).fill(text);
  const photo = await pngFromCanvas(author);
  await author.getByTestId('post-images').setInputFiles([
    { name: 'one.png', mimeType: 'image/png', buffer: photo },
    { name: 'two.png', mimeType: 'image/png', buffer: photo },
  ]);
  await expect(author.getByRole('list', { name: koCommunity.post.chosenImages }).getByRole('img')).toHaveCount(2);
  await captureScreen(author, 'community-post-box-ko');
  const restore = await slowUploads(author, Math.max(4_000, Math.floor(photo.length / 2)));
  await author.getByRole('button', { name: koCommunity.post.submit }).click();
  await expect(author.getByRole('progressbar', { name: koCommunity.post.uploading })).toBeVisible();
  await captureScreen(author, 'community-post-uploading-ko');
  const posted = author.getByRole('listitem').filter({ hasText: text });
  await expect(posted).toBeVisible({ timeout: 30_000 });
  await restore();
  await expect(posted.getByRole('img', { name: /^사진/ })).toHaveCount(2);
  await expectNoHorizontalScroll(author);
  await captureScreen(author, 'community-posts-ko');

  // Another fan, in English: comments, likes, reports.
  await other.goto(communityPath);
  await other.waitForLoadState('networkidle');
  await captureScreen(other, 'community-posts-other-en');
  const seen = other.getByRole('listitem').filter({ hasText: text }).first();
  await expect(seen).toBeVisible();
  await seen.getByRole('button', { name: enCommunity.post.comments_other.replace('{{count}}', '0') }).click();
  await seen.getByLabel(enCommunity.form.label).fill('See you there!');
  await seen.getByRole('button', { name: enCommunity.form.submit, exact: true }).click();
  await expect(seen.getByText('See you there!')).toBeVisible();
  await seen.getByRole('button', { name: enCommunity.like.like.replace('{{count}}', '0') }).click();
  await expect(seen.getByRole('button', { name: enCommunity.like.unlike.replace('{{count}}', '1') })).toBeVisible();
  await expectAccessible(other, 'artist community');
  await captureScreen(other, 'community-post-thread-en');
  await seen.getByRole('button', { name: enCommunity.report.open, exact: true }).first().click();
  const sheet = other.getByRole('dialog');
  await sheet.getByRole('radio', { name: enCommunity.report.reasons.REPR004, exact: true }).check();
  await sheet.getByRole('button', { name: enCommunity.report.submit }).click();
  await expect(other.getByText(enCommunity.report.done)).toBeVisible();

  // The operator hides it from the reports queue.
  await ops.goto('/ops/reports');
  const card = ops.getByRole('listitem').filter({ hasText: text });
  await expect(card).toBeVisible();
  await expect(card.getByText(enCommunity.queue.target.post.replace('{{id}}', ''), { exact: false })).toBeVisible();
  await captureScreen(ops, 'community-ops-queue-post-en');
  await card.getByRole('button', { name: enCommunity.queue.actions.hide }).click();
  await ops.getByRole('alertdialog', { name: enCommunity.queue.hideConfirm.title.post }).getByRole('button', { name: enCommunity.queue.hideConfirm.confirm }).click();
  await expect(card).toHaveCount(0);

  // Gone for everyone but operators, its author included.
  for (const page of [other, author, guest]) {
    await page.goto(communityPath);
    await page.waitForLoadState('networkidle');
    await expect(page.getByText(text)).toHaveCount(0);
  }
  await ops.goto(communityPath);
  await expect(ops.getByRole('listitem').filter({ hasText: text }).getByText(enCommunity.post.hiddenForOthers)).toBeVisible();
  await captureScreen(ops, 'community-post-hidden-ops-en');

  // docs/quality.md#s9: the 100 payloads as posts, and as comments on one of them, rendered in Chromium.
  for (const payload of payloads) {
    const answer = await author.evaluate(
      async ({ route, payload }) => {
        const form = new FormData();
        form.append('text', payload);
        const response = await fetch(route, { method: 'POST', body: form });
        return `${response.status} ${await response.text()}`;
      },
      { route: `/api/artists/${artist.id}/posts`, payload },
    );
    expect(answer, payload).toMatch(/^201 /);
  }
  const { items: latest } = (await call(other, 'GET', `/api/artists/${artist.id}/posts?limit=1`)) as { items: { id: number }[] };
  for (const body of payloads) await call(other, 'POST', `/api/posts/${latest[0]!.id}/comments`, { body });
  await other.goto(communityPath);
  const list = other.getByRole('list', { name: enCommunity.post.listLabel });
  await expect(list.locator(':scope > li')).toHaveCount(20);
  for (let page = 2; page <= 5; page += 1) {
    await other.getByRole('button', { name: enCommunity.loadMore }).last().click();
    await expect(list.locator(':scope > li')).toHaveCount(page * 20);
  }
  await expect(list.getByText(payloads[1]!, { exact: true })).toBeVisible();
  const first = list.locator(':scope > li').first();
  await first.getByRole('button', { name: enCommunity.post.comments_other.replace('{{count}}', '100') }).click();
  await expect(first.getByRole('list', { name: enCommunity.listLabel }).getByRole('listitem')).toHaveCount(20);
  await other.waitForLoadState('networkidle');
  await captureScreen(other, 'community-posts-xss-en');
  expect(await xssFlag(other)).toBeUndefined();
  expect(await xssFlag(author)).toBeUndefined();
  expect(executions).toEqual([]);
  await guestContext.close();
});
