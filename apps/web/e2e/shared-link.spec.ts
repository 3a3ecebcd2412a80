import { expect, test } from './fixtures.ts';
import { captureScreen, expectNoHorizontalScroll } from './support.ts';

/**
 * A shared project link opened signed out, as from KakaoTalk or X (decision 109): the page comes
 * with its own read and its picture announced, so the app renders the project without asking the
 * API for it again, and the thumbnail is fetched at high priority from the start.
 */
test('a shared project link, signed out: the page renders the project from its HTML, with no second read of it, its picture preloaded', async ({ page, request }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  const { items } = (await (await request.get('/api/projects?status=funding&sort=raised&limit=1')).json()) as { items: { id: number; title: string }[] };
  const project = items[0]!;
  const reads: string[] = [];
  page.on('request', (sent) => {
    if (new URL(sent.url()).pathname === `/api/projects/${project.id}`) reads.push(sent.url());
  });

  const answer = await page.goto(`/project/${project.id}`);
  const html = await answer!.text();
  expect(html).toMatch(/<link rel="preload" as="image" fetchpriority="high" href="\/api\/files\/project-thumbnails\/[^"]+">/);
  expect(html).toContain(`data-address="/api/projects/${project.id}?lang=ko"`);
  await expect(page.getByRole('heading', { name: project.title })).toBeVisible();
  await expect(page.locator('.project-page__thumbnail')).toBeVisible();
  expect(await page.locator('.project-page__thumbnail').evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true);
  expect(reads).toEqual([]);
  await expectNoHorizontalScroll(page);
  await captureScreen(page, 'shared-link-project-ko');
});
