import { expect, test, type Page } from './fixtures.ts';
import jaArtist from '../src/locales/ja/artist.json' with { type: 'json' };
import jaCommon from '../src/locales/ja/common.json' with { type: 'json' };
import jaHome from '../src/locales/ja/home.json' with { type: 'json' };
import jaSearch from '../src/locales/ja/search.json' with { type: 'json' };
import koArtist from '../src/locales/ko/artist.json' with { type: 'json' };
import koCommon from '../src/locales/ko/common.json' with { type: 'json' };
import koHome from '../src/locales/ko/home.json' with { type: 'json' };
import koSearch from '../src/locales/ko/search.json' with { type: 'json' };
import { captureScreen, expectNoHorizontalScroll, newPerson, uniqueSubject } from './support.ts';

/**
 * Discovery (docs/product.md#discovery) on the living demo the API loads on a first start, at
 * 375 px in Korean and in Japanese: a guest finds funding, ranked and awarded projects on Home; a
 * fan finds an artist by search (Korean initial consonants, Japanese hiragana), follows it, sees
 * its funding project under Following, opens a project from the Top 10, and finds an awarded one
 * with its execution photo. This spec runs before any spec moves the test clock (files run in
 * name order, one worker), so the demo's funding projects are still open.
 */

const strings = {
  ko: { artist: koArtist, common: koCommon, home: koHome, search: koSearch, typed: 'ㅇㅋㄹㅅ', artistName: '이클립스' },
  ja: { artist: jaArtist, common: jaCommon, home: jaHome, search: jaSearch, typed: 'いくりぷす', artistName: 'イクリプス' },
};
type Language = keyof typeof strings;

test.describe.configure({ timeout: 180_000 });
test.use({ viewport: { width: 375, height: 812 } });

async function asGuest(page: Page, language: Language) {
  await page.addInitScript((chosen) => {
    if (!localStorage.getItem('languageAndCurrency')) localStorage.setItem('languageAndCurrency', JSON.stringify({ state: { language: chosen, currency: 'KRW' }, version: 0 }));
  }, language);
}

const homeTab = (page: Page, language: Language, tab: keyof typeof koHome.tabs) =>
  page.getByRole('tablist', { name: strings[language].home.tabs.label }).getByRole('tab', { name: strings[language].home.tabs[tab] });

for (const language of ['ko', 'ja'] as const) {
  const s = strings[language];

  test(`a guest finds funding, ranked and awarded projects on Home (${language})`, async ({ page }) => {
    await asGuest(page, language);
    await page.goto('/');
    const top10 = page.getByRole('region', { name: s.home.top10 });
    await expect(top10.getByTestId('project-card').first()).toBeVisible();
    expect(await top10.getByTestId('project-card').count()).toBeGreaterThanOrEqual(5);
    // Signed out, Following offers sign-in and shows every funding project.
    await expect(page.getByRole('link', { name: s.home.signIn.cta })).toBeVisible();
    await expect(page.getByRole('tabpanel').getByTestId('project-card').first()).toBeVisible();
    await expectNoHorizontalScroll(page);
    await captureScreen(page, `discovery-home-guest-${language}`);

    await homeTab(page, language, 'ranking').click();
    await expect(page).toHaveURL(/\?tab=ranking/);
    await expect(page.getByRole('tabpanel').getByRole('listitem').first()).toBeVisible();
    await captureScreen(page, `discovery-ranking-${language}`);

    await homeTab(page, language, 'nowFunding').click();
    const funding = page.getByRole('tabpanel').getByTestId('project-card');
    await expect(funding.first()).toBeVisible();
    expect(await funding.count()).toBeGreaterThanOrEqual(5);

    await homeTab(page, language, 'awarded').click();
    const awarded = page.getByRole('tabpanel').getByTestId('project-card').first();
    await expect(awarded).toBeVisible();
    await expect(awarded.getByText(s.common.projectStatuses.awarded)).toBeVisible();
    // The card shows the executed ad's first photo, and it really loaded.
    const photo = awarded.locator('img');
    await photo.scrollIntoViewIfNeeded();
    await expect(photo).toHaveAttribute('src', /photo|execution|\/files\//);
    await expect.poll(() => photo.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true);
    await captureScreen(page, `discovery-awarded-${language}`);

    // Back returns to the tab the guest left.
    await awarded.click();
    await expect(page).toHaveURL(/\/project\/\d+/);
    await page.goBack();
    await expect(homeTab(page, language, 'awarded')).toHaveAttribute('aria-selected', 'true');
  });

  test(`a fan follows an artist found by search and finds its project under Following (${language})`, async ({ browser }) => {
    const page = await newPerson(browser, language, uniqueSubject(`discovery-${language}`));
    await page.goto('/');
    await page.getByRole('link', { name: s.common.header.search }).click();
    await expect(page).toHaveURL(/\/search/);
    const box = page.getByRole('searchbox', { name: s.search.label }).or(page.getByLabel(s.search.label));
    await box.fill(s.typed);
    await expect(page).toHaveURL(new RegExp(`q=${encodeURIComponent(s.typed)}`));
    const artists = page.getByRole('region', { name: s.search.groups.artists });
    const row = artists.getByRole('listitem').filter({ hasText: s.artistName });
    await expect(row).toBeVisible();
    await captureScreen(page, `discovery-search-${language}`);
    await row.getByRole('button', { name: s.artist.follow.follow }).click();
    await expect(row.getByRole('button', { name: s.artist.follow.following })).toBeVisible();

    await page.goto('/');
    await expect(page.getByRole('heading', { name: s.home.following.mine })).toBeVisible();
    const followedCard = page.getByTestId('project-card').filter({ hasText: s.artistName }).first();
    await expect(followedCard).toBeVisible();
    await captureScreen(page, `discovery-following-${language}`);

    // The Top 10's first project opens its page.
    const top = page.getByRole('region', { name: s.home.top10 }).getByTestId('project-card').first();
    const title = (await top.locator('.project-tile__title').textContent())!.trim();
    await top.click();
    await expect(page).toHaveURL(/\/project\/\d+/);
    await expect(page.getByRole('heading', { name: title, level: 1 }).or(page.getByText(title).first())).toBeVisible();
    await page.context().close();
  });
}
