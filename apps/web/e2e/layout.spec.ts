import { expect, test, type Page } from './fixtures.ts';
import jaDetail from '../src/locales/ja/projectDetail.json' with { type: 'json' };
import koDetail from '../src/locales/ko/projectDetail.json' with { type: 'json' };
import { api, captureScreen, chargeThroughSandbox, newPerson, pngFromCanvas, requestFields, uniqueSubject } from './support.ts';

/**
 * docs/product.md#shell: the tab bar and the floating + never cover what the page shows. The
 * Fundraise button is whole above the tab bar on first paint, and at the bottom of a page the last
 * content clears both, at the narrowest phones and the widest column.
 */
const phones = [
  { width: 320, height: 568 },
  { width: 375, height: 667 },
  { width: 414, height: 896 },
];

type Box = { top: number; bottom: number; left: number; right: number };

/** The tab bar's and the floating +'s boxes, and the header's bottom edge. */
async function chrome(page: Page): Promise<{ header: number; covers: Box[]; floatingMenu: boolean }> {
  return page.evaluate(() => {
    const box = (element: Element) => {
      const { top, bottom, left, right } = element.getBoundingClientRect();
      return { top, bottom, left, right };
    };
    const covers = ['.tab-bar', '.floating-menu__button'].flatMap((selector) => [...document.querySelectorAll(selector)].map(box));
    return { header: document.querySelector('.app-header')!.getBoundingClientRect().bottom, covers, floatingMenu: document.querySelector('.floating-menu') !== null };
  });
}

/** Scrolled to the very bottom: every visible text, picture and control of the page that lies under the tab bar or the +. */
async function coveredAtTheBottom(page: Page): Promise<string[]> {
  // Scrolled and measured in one step, again until two readings at the very bottom agree on the
  // page's height: a list that arrives, or a resize that lays the page out again, moves the bottom.
  let previousHeight = -1;
  let reading: { height: number; covered: string[] } | null = null;
  await expect
    .poll(async () => {
      reading = await page.evaluate(() => {
        window.scrollTo(0, document.documentElement.scrollHeight);
        const height = document.documentElement.scrollHeight;
        if (height - window.innerHeight - window.scrollY > 1) return null;
        const covers = ['.tab-bar', '.floating-menu__button'].flatMap((selector) => [...document.querySelectorAll(selector)].map((element) => element.getBoundingClientRect()));
        const covered: string[] = [];
        for (const element of document.querySelectorAll('main a, main button, main input, main select, main textarea, main label, main p, main h1, main h2, main h3, main li, main dd, main dt, main img')) {
          const rect = element.getBoundingClientRect();
          // Visually hidden text (1 px, clipped) is for screen readers only.
          if (rect.width <= 1 || rect.height <= 1 || getComputedStyle(element).visibility === 'hidden') continue;
          for (const cover of covers) {
            if (rect.left < cover.right && rect.right > cover.left && rect.top < cover.bottom && rect.bottom > cover.top) {
              covered.push(`${element.tagName.toLowerCase()}.${element.className} "${(element.textContent ?? '').trim().slice(0, 40)}"`);
            }
          }
        }
        // Where the page was, to read a failure: the scroll position, the page's and the window's heights.
        return { height, covered: covered.length === 0 ? [] : [...covered, `at ${window.scrollY} of ${height - window.innerHeight}`] };
      });
      const settled = reading !== null && reading.height === previousHeight;
      previousHeight = reading?.height ?? -1;
      return settled;
    })
    .toBe(true);
  return reading!.covered;
}

async function expectNothingCoveredAtTheBottom(page: Page, screen: string) {
  for (const phone of phones) {
    await page.setViewportSize(phone);
    expect(await coveredAtTheBottom(page), `${screen} at ${phone.width} px`).toEqual([]);
  }
}

async function setLanguage(page: Page, language: 'ko' | 'ja') {
  await page.evaluate((chosen) => localStorage.setItem('languageAndCurrency', JSON.stringify({ state: { language: chosen, currency: 'KRW' }, version: 0 })), language);
}

test('layout: the Fundraise button and the last content stay clear of the tab bar and the floating +', async ({ browser }) => {
  test.setTimeout(240_000);
  const ops = await newPerson(browser, 'ko', 'operator', false);
  const fan = await newPerson(browser, 'ko', uniqueSubject('layout'));

  // An event is funding as soon as it is made, with no deposit: the quickest project with a Fundraise button.
  const { medium, fields } = await requestFields(ops, ops);
  const { project } = await api<{ project: { id: number } }>(
    ops,
    'POST',
    '/api/operator/events',
    { ...fields, minimumUnit: 10, title: `레이아웃 이벤트 ${Date.now() % 100_000}`, introduction: '탭 바 위에 버튼이 보여야 해요.' },
    { 'Idempotency-Key': crypto.randomUUID() },
  );
  const origin = new URL(ops.url()).origin;
  const upload = await ops.request.put(`${origin}/api/projects/${project.id}/thumbnail`, {
    headers: { origin },
    multipart: { file: { name: 'poster.png', mimeType: 'image/png', buffer: await pngFromCanvas(ops) } },
  });
  expect(upload.status(), await upload.text()).toBe(200);

  // The Fundraise button on first paint, before any scrolling, in Korean and in Japanese.
  for (const [language, label] of [
    ['ko', koDetail.fundraise.open],
    ['ja', jaDetail.fundraise.open],
  ] as const) {
    await setLanguage(fan, language);
    for (const phone of phones) {
      await fan.setViewportSize(phone);
      await fan.goto(`/project/${project.id}`);
      const fundraise = fan.getByRole('button', { name: label });
      await expect(fundraise).toBeVisible();
      await expect(fan.locator('.project-page__thumbnail')).toHaveJSProperty('complete', true);
      const button = (await fundraise.boundingBox())!;
      const { header, covers } = await chrome(fan);
      expect(button.y, `${language} ${phone.width} px: below the header`).toBeGreaterThanOrEqual(header);
      for (const cover of covers) expect(button.y + button.height, `${language} ${phone.width} px: above the tab bar`).toBeLessThanOrEqual(cover.top);
    }
    await captureScreen(fan, `layout-project-${language}`);
  }
  await setLanguage(fan, 'ko');
  await fan.goto(`/project/${project.id}`);
  await expectNothingCoveredAtTheBottom(fan, 'project page');

  // The charge result, a form and the console: no floating +, and nothing under the tab bar.
  await chargeThroughSandbox(fan, 'orange-100');
  await expect(fan.getByTestId('charged-amount')).toBeVisible();
  expect((await chrome(fan)).floatingMenu, 'the + on the charge result').toBe(false);
  await expectNothingCoveredAtTheBottom(fan, 'charge result');
  await captureScreen(fan, 'layout-charge-result-ko');

  await fan.goto('/request-project');
  await expect(fan.getByRole('button', { name: '다음' })).toBeVisible();
  expect((await chrome(fan)).floatingMenu, 'the + on the request form').toBe(false);
  await expectNothingCoveredAtTheBottom(fan, 'request form');

  await ops.goto('/ops');
  await expect(ops.locator('main h1, main h2').first()).toBeVisible();
  expect((await chrome(ops)).floatingMenu, 'the + on the console').toBe(false);
  await expectNothingCoveredAtTheBottom(ops, 'console');
  await captureScreen(ops, 'layout-console-ko');

  // Reading pages keep the +, with room under the last line for it.
  for (const [screen, path] of [
    ['terms', '/terms/service'],
    ['media info', `/media-detail/${medium.id}`],
  ] as const) {
    await fan.goto(path);
    await expect(fan.locator('main h1, main h2').first()).toBeVisible();
    expect((await chrome(fan)).floatingMenu, `the + on ${screen}`).toBe(true);
    await expectNothingCoveredAtTheBottom(fan, screen);
  }
  await captureScreen(fan, 'layout-media-info-ko');
  await setLanguage(fan, 'ja');
  await fan.goto('/terms/service');
  await expect(fan.locator('main h1, main h2').first()).toBeVisible();
  await captureScreen(fan, 'layout-terms-ja');
});

/** The page's visible text: no point currency in Latin letters and no raw translation key on a Korean or Japanese screen. */
async function expectOwnLanguage(page: Page, screen: string) {
  const text = await page.locator('main').innerText();
  expect(text, `${screen}: Orange or Berry in Latin letters`).not.toMatch(/\b(Orange|Berry)\b/);
  expect(text, `${screen}: a raw key`).not.toMatch(/\b(previous|next|[a-z]+\.[a-z]+\.[a-zA-Z.]+)\b/);
}

test('language: the deposit step, My projects and the event form in Korean and Japanese', async ({ browser }) => {
  test.setTimeout(180_000);
  const ops = await newPerson(browser, 'ko', 'operator', false);
  const fan = await newPerson(browser, 'ko', uniqueSubject('language'));
  await fan.setViewportSize({ width: 375, height: 667 });
  const { medium, fields } = await requestFields(fan, ops);
  const { project } = await api<{ project: { id: number } }>(fan, 'POST', '/api/project-requests', fields, { 'Idempotency-Key': crypto.randomUUID() });

  // My projects opened on its last tab, Request: the strip shows it whole at 375 px.
  for (const language of ['ko', 'ja'] as const) {
    await setLanguage(fan, language);
    await fan.goto('/my-page/project-list?tab=request');
    await expect(fan.locator('.project-card')).toHaveCount(1);
    const strip = (await fan.getByRole('tablist').boundingBox())!;
    const selected = (await fan.getByRole('tab', { selected: true }).boundingBox())!;
    expect(selected.x, `${language}: the selected tab starts inside the strip`).toBeGreaterThanOrEqual(strip.x);
    expect(selected.x + selected.width, `${language}: the selected tab ends inside the strip`).toBeLessThanOrEqual(strip.x + strip.width + 0.5);
    await expectOwnLanguage(fan, `My projects (${language})`);
    await captureScreen(fan, `my-projects-request-${language}`);
  }

  // The creation resumed at its deposit step (after a charge, say), in both languages.
  await api(ops, 'POST', `/api/operator/projects/${project.id}/decision`, { decision: 'approve' });
  const origin = new URL(fan.url()).origin;
  const upload = await fan.request.put(`${origin}/api/projects/${project.id}/thumbnail`, {
    headers: { origin },
    multipart: { file: { name: 'poster.png', mimeType: 'image/png', buffer: await pngFromCanvas(fan) } },
  });
  expect(upload.status(), await upload.text()).toBe(200);
  // Drafts are the account's, in localStorage under its id (decision 089).
  await fan.evaluate(async (projectId) => {
    const { id } = (await (await fetch('/api/users/display-info')).json()) as { id: string };
    const draft = { projectId, step: 6, minimumUnit: '10', title: '생일 광고', introduction: '함께 축하해요', youtubeUrl: '', xUrl: '', creatorXId: 'orchard_fan', creatorEmail: 'fan@example.com', deposit: '', owner: id };
    localStorage.setItem(`orchard:creation-draft:${id}`, JSON.stringify({ state: draft, version: 0, savedAt: Date.now() }));
  }, project.id);
  for (const language of ['ko', 'ja'] as const) {
    await setLanguage(fan, language);
    await fan.goto(`/create-project/${project.id}`);
    await expect(fan.getByTestId('orange-available')).toBeVisible();
    await expectOwnLanguage(fan, `deposit step (${language})`);
    await captureScreen(fan, `deposit-${language}`);
  }
  await fan.goto(`/media-detail/${medium.id}`);
  await expect(fan.locator('main h1, main h2').first()).toBeVisible();
  await expectOwnLanguage(fan, 'media info (ja)');
  await captureScreen(fan, 'media-info-ja');

  // The operator's event form: its Berry labels in the language's own script.
  for (const language of ['ko', 'ja'] as const) {
    await setLanguage(ops, language);
    await ops.goto('/ops/events');
    await expect(ops.locator('.event-form')).toBeVisible();
    await expectOwnLanguage(ops, `event form (${language})`);
    await captureScreen(ops, `event-form-${language}`);
  }
});
