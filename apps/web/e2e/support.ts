import fs from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Browser, type Page } from './fixtures.ts';

/** Starts a browser session in English (the persisted setting the app reads at boot). */
export async function useEnglish(page: Page) {
  await page.addInitScript(() => {
    if (!localStorage.getItem('languageAndCurrency')) {
      localStorage.setItem('languageAndCurrency', JSON.stringify({ state: { language: 'en', currency: 'KRW' }, version: 0 }));
    }
  });
}

/** A test identity unique to this run, so every journey starts as a brand-new account. */
export function uniqueSubject(label: string): string {
  return `${label}-${Date.now().toString(36)}-${Math.floor(Math.random() * 1e6).toString(36)}`;
}

/**
 * Signs in through the development identity provider's real redirect flow: the login page's
 * button leaves the SPA for /api/auth/dev/start, the provider's own page takes the identity, and
 * the callback sets the session and comes back (to /join for a new account).
 */
export async function signInWithDevProvider(page: Page, subject: string) {
  await page.goto('/login');
  await page.getByRole('link', { name: /Continue with the test account|테스트 계정으로 계속하기/ }).click();
  await page.waitForURL(/\/dev-idp\//);
  await page.getByLabel('Test identity').fill(subject);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/dev-idp') && !url.pathname.startsWith('/api/'));
}

/** Both join steps: the three required terms, then one favourite artist. */
export async function completeJoin(page: Page, artistCount = 1) {
  // A new account lands on the join, carrying its way back as next (docs/product.md#accounts).
  await expect(page).toHaveURL(/\/join(\?next=[^&]*)?$/);
  await expect(page.getByRole('heading', { name: 'Agree to the terms' })).toBeVisible();
  const next = page.getByRole('button', { name: 'Next' });
  await expect(next).toBeDisabled();
  await page.getByText('Terms of service').click();
  await page.getByText('Collection and use of personal information').click();
  await expect(next).toBeDisabled();
  await page.getByText('Processing of unique identification information').click();
  await expect(next).toBeEnabled();
  await next.click();
  await expect(page.getByRole('heading', { name: 'Choose your favourite artists' })).toBeVisible();
  // The button stays enabled: the join says "choose at least one artist" only after an attempt.
  const complete = page.getByRole('button', { name: 'Complete sign-up' });
  const artists = page.getByRole('list', { name: 'Artists' }).getByRole('button');
  for (let index = 0; index < artistCount; index += 1) await artists.nth(index).click();
  await expect(complete).toBeEnabled();
  await complete.click();
  await expect(page).toHaveURL(/\/$/);
}

/** axe-core on the current screen: no serious or critical violation (issue 3). */
export async function expectAccessible(page: Page, screen: string) {
  const results = await new AxeBuilder({ page }).analyze();
  const blocking = results.violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
  expect(
    blocking.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`),
    `accessibility of ${screen}`,
  ).toEqual([]);
}

/** With ORCHARD_SHOTS_DIR set, keeps a picture of the screen at 375 and 416 px for a human to look at. */
export async function captureScreen(page: Page, name: string) {
  const directory = process.env.ORCHARD_SHOTS_DIR;
  if (!directory) return;
  fs.mkdirSync(directory, { recursive: true });
  const original = page.viewportSize();
  for (const width of [375, 416]) {
    await page.setViewportSize({ width, height: 844 });
    // Fixed header and tab bar are drawn where the page is scrolled to: shoot from the top.
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.waitForTimeout(150);
    await page.screenshot({ path: path.join(directory, `${name}-${width}.png`), fullPage: true });
  }
  if (original) await page.setViewportSize(original);
}

/** No horizontal scrolling at the narrowest supported width (docs/product.md#shell: 375 px). */
export async function expectNoHorizontalScroll(page: Page) {
  const original = page.viewportSize();
  await page.setViewportSize({ width: 375, height: 844 });
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  if (original) await page.setViewportSize(original);
}

/** A signed-in (and, unless told otherwise, joined) person in a browser context of their own, in their language. */
export async function newPerson(browser: Browser, language: 'en' | 'ko' | 'ja', subject: string, join = true): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await useEnglish(page);
  await signInWithDevProvider(page, subject);
  if (join) await completeJoin(page);
  if (language !== 'en') {
    await page.evaluate((chosen) => localStorage.setItem('languageAndCurrency', JSON.stringify({ state: { language: chosen, currency: 'KRW' }, version: 0 })), language);
  }
  return page;
}

/** A small real PNG, drawn by the browser, to crop and upload. */
export async function pngFromCanvas(page: Page): Promise<Buffer> {
  const dataUrl = await page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 800;
    canvas.height = 500;
    const context = canvas.getContext('2d')!;
    context.fillStyle = '#ff7a1a';
    context.fillRect(0, 0, 800, 500);
    context.fillStyle = '#1f1a17';
    context.fillRect(200, 100, 400, 300);
    return canvas.toDataURL('image/png');
  });
  return Buffer.from(dataUrl.split(',')[1]!, 'base64');
}

/** A JSON write from inside the page, so the browser sends the app's Origin and the session cookie. */
export async function api<T>(page: Page, method: string, route: string, body?: unknown, headers: Record<string, string> = {}): Promise<T> {
  const answer = await page.evaluate(
    async ({ method, route, body, headers }) => {
      const response = await fetch(route, { method, headers: { 'Content-Type': 'application/json', ...headers }, body: body === undefined ? undefined : JSON.stringify(body) });
      return { status: response.status, body: await response.text() };
    },
    { method, route, body, headers },
  );
  expect(answer.status, `${method} ${route}: ${answer.body}`).toBeLessThan(300);
  return JSON.parse(answer.body) as T;
}

export async function chargeThroughSandbox(page: Page, packageId: string) {
  const { checkoutUrl } = await api<{ checkoutUrl: string }>(page, 'POST', '/api/points/charges', { packageId, method: 'card' }, { 'Idempotency-Key': crypto.randomUUID() });
  await page.goto(checkoutUrl);
  // The sandbox speaks the language of the account's server-side setting.
  await page.getByRole('button', { name: /^Approve |결제 승인$/ }).click();
  await page.waitForURL(/\/my-page\/completed-charge\//);
}

/** The KST calendar date `days` after the server's today: the test clock may have been moved by an earlier journey. */
export async function serverKstDate(operator: Page, days = 0): Promise<string> {
  const { now } = await api<{ now: string }>(operator, 'GET', '/api/operator/test-clock');
  return new Date(Date.parse(now) + 9 * 3_600_000 + days * 86_400_000).toISOString().slice(0, 10);
}

/**
 * A limited request's fields, as `person` reads the catalogue: the first artist, the basic package's
 * first medium at its shortest duration, the ad 45 days after the server's KST today.
 */
export async function requestFields(person: Page, ops: Page) {
  const artist = (await api<{ items: { id: number; type: string }[] }>(person, 'GET', '/api/artists?limit=1')).items[0]!;
  const medium = (await api<{ items: { id: number; durations: number[] }[] }>(person, 'GET', '/api/media?packageId=basic&limit=100')).items.find((item) => item.durations.length > 0)!;
  const fields = {
    artistId: artist.id,
    purpose: 'limited',
    option: 'image',
    packageId: 'basic',
    media: [{ mediaId: medium.id, duration: Math.min(...medium.durations) }],
    adStartDate: await serverKstDate(ops, 45),
    fundingStartDate: await serverKstDate(ops, 0),
  };
  return { artist, medium, fields };
}

/** A funding event of the operator's (funding at once, no deposit) made from `requestFields`. */
export async function fundingEvent(ops: Page, title: string) {
  const { artist, medium, fields } = await requestFields(ops, ops);
  const { project } = await api<{ project: { id: number } }>(ops, 'POST', '/api/operator/events', { ...fields, minimumUnit: 10, title, introduction: title }, { 'Idempotency-Key': crypto.randomUUID() });
  return { artist, medium, fields, project };
}

/** A poster for a project, uploaded as the person who may change it. */
export async function uploadThumbnail(page: Page, projectId: number) {
  const origin = new URL(page.url()).origin;
  const upload = await page.request.put(`${origin}/api/projects/${projectId}/thumbnail`, {
    headers: { origin },
    multipart: { file: { name: 'poster.png', mimeType: 'image/png', buffer: await pngFromCanvas(page) } },
  });
  expect(upload.status(), await upload.text()).toBe(200);
}
