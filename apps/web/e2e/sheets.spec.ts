import { expect, test, type Page } from './fixtures.ts';
import koCommon from '../src/locales/ko/common.json' with { type: 'json' };
import koCommunity from '../src/locales/ko/community.json' with { type: 'json' };
import koDetail from '../src/locales/ko/projectDetail.json' with { type: 'json' };
import { paths } from '../src/lib/paths.ts';
import { fundingEvent, newPerson, uniqueSubject } from './support.ts';

/**
 * docs/product.md#shell: the browser's Back closes an open sheet and stays on the page, as on
 * Android; a sheet closed by its button leaves no entry behind, so the next Back leaves the page.
 */
async function expectBackClosesTheSheet(page: Page, openSheet: () => Promise<void>, previous: string) {
  const here = page.url();
  const sheet = page.getByRole('dialog');
  await openSheet();
  await expect(sheet).toBeVisible();
  await page.goBack();
  await expect(sheet).toBeHidden();
  expect(page.url(), 'Back with the sheet open stays on the page').toBe(here);

  await openSheet();
  await expect(sheet).toBeVisible();
  await sheet.getByRole('button', { name: koCommon.actions.close }).click();
  await expect(sheet).toBeHidden();
  await page.goBack();
  await expect(page).toHaveURL(previous);
  await page.goForward();
  await expect(page).toHaveURL(here);
}

test('sheets: Back closes the participation, language, share and report sheets, and then leaves the page', async ({ browser }) => {
  test.setTimeout(180_000);
  const ops = await newPerson(browser, 'ko', 'operator', false);
  const fan = await newPerson(browser, 'ko', uniqueSubject('sheets'));
  // Chromium on Linux has no device share sheet, so Share opens the app's own.
  await fan.addInitScript(() => Reflect.deleteProperty(Navigator.prototype, 'share'));

  const { project } = await fundingEvent(ops, `시트 이벤트 ${Date.now() % 100_000}`);

  const previous = new URL(paths.terms('service'), fan.url()).href;
  await fan.goto(previous);
  await expect(fan.locator('main h1, main h2').first()).toBeVisible();
  await fan.goto(paths.project(project.id));
  await expect(fan.getByRole('button', { name: koDetail.fundraise.open })).toBeVisible();

  await expectBackClosesTheSheet(fan, () => fan.getByRole('button', { name: koDetail.fundraise.open }).click(), previous);
  await expectBackClosesTheSheet(fan, () => fan.locator('.app-header .chip-button').click(), previous);
  await expectBackClosesTheSheet(fan, () => fan.getByRole('button', { name: koDetail.share.button }).click(), previous);
  await expectBackClosesTheSheet(fan, () => fan.getByRole('button', { name: koCommunity.report.openProject }).click(), previous);

  // A link inside a sheet takes the sheet's entry off first: Back from where it leads comes
  // straight back to the page, and the next Back leaves it.
  const guest = await (await browser.newContext()).newPage();
  await guest.goto(previous);
  await expect(guest.locator('main h1, main h2').first()).toBeVisible();
  await guest.goto(paths.project(project.id));
  await guest.getByRole('button', { name: koCommunity.report.openProject }).click();
  await guest.getByRole('dialog').getByRole('link', { name: koCommunity.report.signIn }).click();
  await expect(guest).toHaveURL(/\/login\?next=/);
  await guest.goBack();
  await expect(guest).toHaveURL(new URL(paths.project(project.id), previous).href);
  await expect(guest.getByRole('dialog')).toBeHidden();
  await guest.goBack();
  await expect(guest).toHaveURL(previous);
});
