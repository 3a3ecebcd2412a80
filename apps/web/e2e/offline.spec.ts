import { expect, test, type Page } from './fixtures.ts';
import jaCommon from '../src/locales/ja/common.json' with { type: 'json' };
import koCommon from '../src/locales/ko/common.json' with { type: 'json' };
import { offlineCachePrefix, offlineFiles } from '../src/offline/offline-page.ts';
import { captureScreen } from './support.ts';

/**
 * Offline (docs/decisions/063-offline.md): the banner while the app is open, and on a reload
 * without a network the app's own offline page from its service worker instead of the browser's.
 */

/** Every cache the page's origin holds, with the paths of what each keeps. */
async function cachedPaths(page: Page) {
  return page.evaluate(async () => {
    const names = await caches.keys();
    const entries: Record<string, string[]> = {};
    for (const name of names) entries[name] = (await (await caches.open(name)).keys()).map((request) => new URL(request.url).pathname).sort();
    return entries;
  });
}

test('offline: a reload shows the app’s own offline page from its worker, registered after load, caching no API answer', async ({ browser }) => {
  const context = await browser.newContext();
  // When the app asks for the worker: after the load event, never on the first paint's path.
  await context.addInitScript(() => {
    const container = navigator.serviceWorker;
    const register = container.register.bind(container);
    container.register = (...args: Parameters<ServiceWorkerContainer['register']>) => {
      (window as unknown as { __registeredWhen: string }).__registeredWhen = document.readyState;
      return register(...args);
    };
  });
  const page = await context.newPage();
  await page.goto('/');
  await expect(page.getByRole('navigation').first()).toBeVisible();
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 20_000 });
  expect(await page.evaluate(() => (window as unknown as { __registeredWhen: string }).__registeredWhen)).toBe('complete');
  // The page the server sends does not load the worker itself.
  expect(await (await page.request.get('/')).text()).not.toContain('sw.js');
  const worker = await page.request.get('/sw.js');
  expect(worker.headers()['cache-control']).toBe('no-cache');
  const version = /Version ([0-9a-f]{16})\./.exec(await worker.text())?.[1];
  expect(version).toBeTruthy();

  // The app's API answers went through the network: the one cache holds only the offline page's files.
  await page.request.get('/api/artists?limit=1');
  expect(await cachedPaths(page)).toEqual({ [`${offlineCachePrefix}${version}`]: [...offlineFiles].sort() });

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('heading', { name: koCommon.offline.page.title })).toBeVisible();
  await expect(page.getByText(koCommon.offline.page.body)).toBeVisible();
  await expect(page.getByRole('button', { name: koCommon.offline.page.retry })).toBeVisible();
  await captureScreen(page, 'offline-page-ko');
  // An API call offline is a network failure, not an answer kept from before.
  expect(await page.evaluate(() => fetch('/api/artists?limit=1').then(() => 'answered', () => 'failed'))).toBe('failed');

  // In the device's language: the display cookie the app writes.
  await context.addCookies([{ name: 'orchard-display', value: 'ja.JPY', url: page.url() }]);
  await page.reload();
  await expect(page.getByRole('heading', { name: jaCommon.offline.page.title })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.lang)).toBe('ja');
  await captureScreen(page, 'offline-page-ja');

  // Back online, the page reloads itself into the app.
  await context.setOffline(false);
  await expect(page.getByRole('heading', { name: jaCommon.offline.page.title })).toBeHidden({ timeout: 15_000 });
  await expect(page.locator('#root')).not.toBeEmpty();
  await context.close();
});

for (const [language, common] of [
  ['ko', koCommon],
  ['ja', jaCommon],
] as const) {
  test(`offline (${language}): the app says it is offline while open, and stops saying it when the connection is back`, async ({ browser }) => {
    const context = await browser.newContext();
    await context.addInitScript((chosen) => {
      if (!localStorage.getItem('languageAndCurrency')) localStorage.setItem('languageAndCurrency', JSON.stringify({ state: { language: chosen, currency: 'KRW' }, version: 0 }));
    }, language);
    const page = await context.newPage();
    await page.goto('/');
    // The app itself, not the prerendered first paint (whose Korean nav matches at once), in the
    // chosen language with its translations loaded, before the connection goes.
    await expect(page.locator('#root')).not.toHaveAttribute('data-prerendered');
    await expect(page.getByRole('navigation', { name: common.nav.label })).toBeVisible();
    await context.setOffline(true);
    const banner = page.getByRole('status').filter({ hasText: common.offline.banner.title });
    await expect(banner).toBeVisible();
    await expect(banner).toContainText(common.offline.banner.body);
    await captureScreen(page, `offline-banner-${language}`);
    await context.setOffline(false);
    await expect(banner).toBeHidden();
    await context.close();
  });
}
