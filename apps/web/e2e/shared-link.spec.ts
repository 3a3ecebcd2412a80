import { expect, test } from './fixtures.ts';
import { captureScreen, expectNoHorizontalScroll } from './support.ts';

/**
 * A shared project link opened signed out, as from KakaoTalk or X (decisions 109 and 110): the page
 * comes rendered with the project in it, its own read and its picture announced, so it paints
 * before any script runs, and the app takes over without asking the API for the project again.
 */
test('a shared project link, signed out: the page renders the project from its HTML, with no second read of it, its picture preloaded', async ({ page, request }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  const { items } = (await (await request.get('/api/projects?status=funding&sort=raised&limit=1')).json()) as { items: { id: number; title: string; thumbnailSmallUrl: string }[] };
  const project = items[0]!;
  const reads: string[] = [];
  const pictures: string[] = [];
  page.on('request', (sent) => {
    const { pathname } = new URL(sent.url());
    if (pathname === `/api/projects/${project.id}`) reads.push(sent.url());
    if (pathname.startsWith('/api/files/project-thumbnails/')) pictures.push(pathname);
  });

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
  // Only the phone's copy of the picture: the preload and the page's <img> chose the same (docs/decisions/111).
  expect(new Set(pictures)).toEqual(new Set([project.thumbnailSmallUrl]));
  await expectNoHorizontalScroll(page);
  await captureScreen(page, 'shared-link-project-ko');
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
