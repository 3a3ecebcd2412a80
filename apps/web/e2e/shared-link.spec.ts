import { expect, test } from './fixtures.ts';
import type { Page } from '@playwright/test';
import { captureScreen, expectNoHorizontalScroll } from './support.ts';

/**
 * Keeps the element `selector` names as the server's HTML has it, before any script of the app
 * runs, so a test can tell whether the app hydrated the page (decision 113) or built it again.
 */
async function keepServerElement(page: Page, selector: string) {
  await page.addInitScript((wanted) => {
    document.addEventListener('DOMContentLoaded', () => {
      (window as unknown as { serverElement: Element | null }).serverElement = document.querySelector(wanted);
    });
  }, selector);
}

const serverElementKept = (page: Page, selector: string) =>
  page.evaluate((wanted) => {
    const kept = (window as unknown as { serverElement: Element | null }).serverElement;
    return kept !== null && kept === document.querySelector(wanted) && document.contains(kept);
  }, selector);

/**
 * A shared project link opened signed out, as from KakaoTalk or X (decisions 109 and 110): the page
 * comes rendered with the project in it, its own read and its picture announced, so it paints
 * before any script runs, and the app takes over without asking the API for the project again.
 */
test('a shared project link, signed out: the page renders the project from its HTML, with no second read of it, its picture preloaded', async ({ browser, request, baseURL }) => {
  // A fan outside Korea: the server's page says KST alone; the device's own time zone comes after hydration (decision 113).
  const context = await browser.newContext({ baseURL, timezoneId: 'America/Mexico_City', viewport: { width: 375, height: 812 } });
  const page = await context.newPage();
  const { items } = (await (await request.get('/api/projects?status=funding&sort=raised&limit=1')).json()) as { items: { id: number; title: string; thumbnailSmallUrl: string }[] };
  const project = items[0]!;
  const reads: string[] = [];
  const pictures: string[] = [];
  page.on('request', (sent) => {
    const { pathname } = new URL(sent.url());
    if (pathname === `/api/projects/${project.id}`) reads.push(sent.url());
    if (pathname.startsWith('/api/files/project-thumbnails/')) pictures.push(pathname);
  });
  await keepServerElement(page, '#project-title');

  const answer = await page.goto(`/project/${project.id}`);
  const html = await answer!.text();
  expect(html).toMatch(/<link rel="preload" as="image" fetchpriority="high" href="\/api\/files\/project-thumbnails\/[^"]+" imagesrcset="[^"]+ 720w, [^"]+ 1200w" imagesizes="[^"]+">/);
  expect(html).toContain(`data-address="/api/projects/${project.id}?lang=ko"`);
  expect(html).toContain('data-server-rendered=""');
  // The app's first commit replaced the page the server rendered (main.tsx drops the marker then).
  await expect(page.locator('#root:not([data-prerendered])')).toBeAttached();
  await expect(page.getByRole('heading', { name: project.title })).toBeVisible();
  await expect(page.locator('.project-page__thumbnail')).toBeVisible();
  expect(await page.locator('.project-page__thumbnail').evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true);
  expect(reads).toEqual([]);
  // The app hydrated the server's page instead of building it again, then added what only the device knows (decision 113).
  expect(await serverElementKept(page, '#project-title')).toBe(true);
  expect(html).not.toMatch(/data-testid="project-closes">[^<]*<br/);
  await expect(page.getByTestId('project-closes').locator('br')).toBeAttached();
  // Only the phone's copy of the picture: the preload and the page's <img> chose the same (docs/decisions/111).
  expect(new Set(pictures)).toEqual(new Set([project.thumbnailSmallUrl]));
  await expectNoHorizontalScroll(page);
  await captureScreen(page, 'shared-link-project-ko');
  await context.close();
});

test('a shared project link with JavaScript off shows the title, the picture and the figures', async ({ browser, request }) => {
  const { items } = (await (await request.get('/api/projects?status=funding&sort=raised&limit=1')).json()) as { items: { id: number; title: string; raised: number }[] };
  const project = items[0]!;
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 375, height: 812 } });
  const page = await context.newPage();
  await page.goto(`/project/${project.id}`);
  await expect(page.getByRole('heading', { name: project.title })).toBeVisible();
  const thumbnail = page.locator('.project-page__thumbnail');
  await expect(thumbnail).toBeVisible();
  await expect.poll(() => thumbnail.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true);
  await expect(page.locator('.project-page__raised')).toContainText(project.raised.toLocaleString('ko'));
  await expect(page.getByTestId('project-dday')).toBeVisible();
  await expectNoHorizontalScroll(page);
  await captureScreen(page, 'shared-link-project-no-js-ko');
  await context.close();
});

/**
 * An artist's page and the Film tab, shared signed out (decision 110): the page comes rendered
 * from the reads its HTML carries, and the app takes over without asking for them again.
 */
test("a shared artist link and the Film tab, signed out: rendered from their HTML, in Japanese, with no second read", async ({ browser, request, baseURL }) => {
  const { items } = (await (await request.get('/api/projects?status=funding&sort=raised&limit=1')).json()) as { items: { artistId: number; title: string }[] };
  const { artistId, title } = items[0]!;
  const artist = (await (await request.get(`/api/artists/${artistId}`)).json()) as { type: string; names: { ja: string } };
  const context = await browser.newContext({ baseURL, viewport: { width: 375, height: 812 } });
  // A device set to Japanese: the stored choice, and the cookie the app mirrors it into.
  await context.addCookies([{ name: 'orchard-display', value: 'ja.JPY', url: baseURL! }]);
  await context.addInitScript(() => localStorage.setItem('languageAndCurrency', JSON.stringify({ state: { language: 'ja', currency: 'JPY' }, version: 0 })));
  const page = await context.newPage();
  const reads: string[] = [];
  page.on('request', (sent) => {
    const { pathname, search } = new URL(sent.url());
    if (pathname === `/api/artists/${artistId}` || pathname === '/api/projects' || pathname === '/api/films') reads.push(pathname + search);
  });
  await keepServerElement(page, '.artist-hero__name');

  const html = await (await page.goto(`/artist/${artist.type}/${artistId}`))!.text();
  expect(html).toContain('data-server-rendered=""');
  expect(html).toContain(`<h1 class="artist-hero__name">${artist.names.ja}</h1>`);
  await expect(page.locator('#root:not([data-prerendered])')).toBeAttached();
  await expect(page.getByRole('heading', { name: artist.names.ja })).toBeVisible();
  await expect(page.getByText(title).first()).toBeVisible();
  expect(reads).toEqual([]);
  expect(await serverElementKept(page, '.artist-hero__name')).toBe(true);
  await expectNoHorizontalScroll(page);
  await captureScreen(page, 'shared-link-artist-ja');

  const films = await (await page.goto('/film'))!.text();
  expect(films).toContain('data-server-rendered=""');
  await expect(page.locator('#root:not([data-prerendered])')).toBeAttached();
  await expect(page.locator('.film-card').first()).toBeVisible();
  expect(reads).toEqual([]);
  await captureScreen(page, 'shared-link-film-ja');
  await context.close();
});

test('a shared artist link and the Film tab with JavaScript off show the artist, the projects and the films', async ({ browser, request }) => {
  const { items } = (await (await request.get('/api/projects?status=funding&sort=raised&limit=1')).json()) as { items: { artistId: number; title: string }[] };
  const { artistId, title } = items[0]!;
  const artist = (await (await request.get(`/api/artists/${artistId}`)).json()) as { type: string; names: { ko: string } };
  const film = ((await (await request.get('/api/films')).json()) as { items: { title: string }[] }).items[0]!;
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 375, height: 812 } });
  const page = await context.newPage();
  await page.goto(`/artist/${artist.type}/${artistId}`);
  await expect(page.getByRole('heading', { name: artist.names.ko })).toBeVisible();
  await expect(page.getByText(title).first()).toBeVisible();
  await expectNoHorizontalScroll(page);
  await captureScreen(page, 'shared-link-artist-no-js-ko');
  await page.goto('/film');
  await expect(page.getByText(film.title).first()).toBeVisible();
  await captureScreen(page, 'shared-link-film-no-js-ko');
  await context.close();
});
