import { expect, test, type Page } from './fixtures.ts';
import jaHome from '../src/locales/ja/home.json' with { type: 'json' };
import koHome from '../src/locales/ko/home.json' with { type: 'json' };
import koDetail from '../src/locales/ko/projectDetail.json' with { type: 'json' };
import { paths } from '../src/lib/paths.ts';
import { fundingEvent, newPerson, uniqueSubject, uploadThumbnail } from './support.ts';

/** Issue 32 at the narrowest phones and the widest column: labels whole, figures clear of the bottom bar. */
const phones = [
  { width: 320, height: 568 },
  { width: 375, height: 667 },
  { width: 414, height: 896 },
];
const languages = ['ko', 'en', 'zh', 'ja', 'es'] as const;

async function setDisplay(page: Page, language: string, currency = 'KRW') {
  await page.evaluate(([chosen, money]) => localStorage.setItem('languageAndCurrency', JSON.stringify({ state: { language: chosen, currency: money }, version: 0 })), [language, currency]);
}

test('narrow screens: My projects shows every tab whole, and the bonus pills keep one line', async ({ browser }) => {
  test.setTimeout(180_000);
  const fan = await newPerson(browser, 'ko', uniqueSubject('narrow'));
  for (const language of languages) {
    await setDisplay(fan, language);
    for (const phone of phones) {
      await fan.setViewportSize(phone);
      await fan.goto(`${paths.projectList}?tab=request`);
      await expect(fan.getByRole('tab', { selected: true })).toBeVisible();
      const clipped = await fan.getByRole('tablist').evaluate((strip) => {
        const box = strip.getBoundingClientRect();
        const found = strip.scrollWidth > strip.clientWidth ? [`the strip scrolls (${strip.scrollWidth} > ${strip.clientWidth})`] : [];
        for (const tab of strip.querySelectorAll<HTMLElement>('[role="tab"]')) {
          const own = tab.getBoundingClientRect();
          if (own.left < box.left - 0.5 || own.right > box.right + 0.5 || tab.scrollWidth > tab.clientWidth) found.push(`"${tab.textContent}"`);
        }
        return found;
      });
      expect(clipped, `clipped tabs in ${language} at ${phone.width} px`).toEqual([]);
    }
  }

  // A converted price beside the pill (JPY) left it too little room in Japanese.
  for (const language of ['ko', 'ja'] as const) {
    await setDisplay(fan, language, 'JPY');
    for (const phone of phones) {
      await fan.setViewportSize(phone);
      await fan.goto(paths.pointCharge);
      await expect(fan.locator('.package-option__bonus').first()).toBeVisible();
      const lines = await fan.locator('.package-option__bonus, .package-option__orange').evaluateAll((pills) =>
        pills.map((pill) => ({ text: pill.textContent, lines: Math.round(pill.getBoundingClientRect().height / parseFloat(getComputedStyle(pill).lineHeight || '0')) })),
      );
      expect(
        lines.filter((pill) => pill.lines > 1),
        `${language} at ${phone.width} px`,
      ).toEqual([]);
      const overflow = await fan.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow, `${language} at ${phone.width} px: no sideways scrolling`).toBeLessThanOrEqual(0);
    }
  }
});

test('narrow screens: a guest sees the progress lines whole above the sticky sign-in bar on first paint', async ({ browser }) => {
  test.setTimeout(120_000);
  const ops = await newPerson(browser, 'ko', 'operator', false);
  const { project } = await fundingEvent(ops, `좁은 화면 ${Date.now() % 100_000}`);
  await uploadThumbnail(ops, project.id);

  const guest = await (await browser.newContext()).newPage();
  await guest.goto(paths.terms('service'));
  for (const language of ['ko', 'ja'] as const) {
    await setDisplay(guest, language);
    for (const phone of phones) {
      await guest.setViewportSize(phone);
      await guest.goto(paths.project(project.id));
      // A guest's page comes rendered by the server (decision 110): measure the app's page, once it
      // has replaced the server's, not the moment in between.
      await expect(guest.locator('#root:not([data-prerendered])')).toBeAttached();
      await expect(guest.locator('.project-page__thumbnail')).toHaveJSProperty('complete', true);
      const signIn = guest.locator('.bottom-action .button');
      await expect(signIn).toBeVisible();
      if (language === 'ko') await expect(signIn).toHaveText(koDetail.fundraise.signIn);
      const button = (await signIn.boundingBox())!;
      const lines = await guest.locator('.project-progress, .project-page__raised, .project-progress ~ .muted').first().evaluate((first) => {
        const header = first.parentElement!;
        return [...header.querySelectorAll('.project-progress, .project-page__raised, .project-page__raised + .muted')].map((line) => line.getBoundingClientRect().bottom);
      });
      expect(lines).toHaveLength(3);
      for (const bottom of lines) expect(bottom, `${language} at ${phone.width} × ${phone.height}: above the sign-in button`).toBeLessThanOrEqual(button.y);
    }
  }
});

test('narrow screens: tapping Ranking or Awarded on Home brings the changed list up into view', async ({ page }) => {
  await page.goto(paths.terms('service'));
  for (const language of ['ko', 'ja'] as const) {
    await setDisplay(page, language);
    for (const phone of phones) {
      await page.setViewportSize(phone);
      await page.goto(paths.home);
      const { tabs } = language === 'ko' ? koHome : jaHome;
      for (const name of [tabs.ranking, tabs.awarded]) {
        await page.evaluate(() => window.scrollTo(0, 0));
        await page.getByRole('tab', { name }).click();
        await expect(page.getByRole('tab', { name })).toHaveAttribute('aria-selected', 'true');
        const panelTop = await page.locator('#home-panel').evaluate((panel) => panel.getBoundingClientRect().top);
        expect(panelTop, `${language} ${name} at ${phone.width} px: the list starts in the upper half`).toBeLessThan(phone.height / 2);
      }
    }
  }
});
