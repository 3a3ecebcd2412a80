import { expect, test, type Browser, type Page } from './fixtures.ts';
import jaArtist from '../src/locales/ja/artist.json' with { type: 'json' };
import jaAuth from '../src/locales/ja/auth.json' with { type: 'json' };
import jaCommon from '../src/locales/ja/common.json' with { type: 'json' };
import jaCommunity from '../src/locales/ja/community.json' with { type: 'json' };
import jaDetail from '../src/locales/ja/projectDetail.json' with { type: 'json' };
import jaJoin from '../src/locales/ja/join.json' with { type: 'json' };
import jaMyPage from '../src/locales/ja/myPage.json' with { type: 'json' };
import jaRequest from '../src/locales/ja/requestFunding.json' with { type: 'json' };
import koArtist from '../src/locales/ko/artist.json' with { type: 'json' };
import koAuth from '../src/locales/ko/auth.json' with { type: 'json' };
import koCommon from '../src/locales/ko/common.json' with { type: 'json' };
import koCommunity from '../src/locales/ko/community.json' with { type: 'json' };
import koDetail from '../src/locales/ko/projectDetail.json' with { type: 'json' };
import koJoin from '../src/locales/ko/join.json' with { type: 'json' };
import koMyPage from '../src/locales/ko/myPage.json' with { type: 'json' };
import koRequest from '../src/locales/ko/requestFunding.json' with { type: 'json' };
import { minimumDepositFor } from '@orchard/shared/project-rules';
import { api, captureScreen, chargeThroughSandbox, expectAccessible, expectNoHorizontalScroll, newPerson, pngFromCanvas, serverKstDate, signInWithDevProvider, uniqueSubject } from './support.ts';

/**
 * The ways back into a project (issue 21, items 5–8; docs/product.md#accounts and #payments), at 375 px
 * in Korean and in Japanese: a guest signs up from a project and lands back on it; a fan short of
 * Orange charges from the fundraise sheet through the sandbox gateway and comes back to the project;
 * a fan short of Berry exchanges from an event's sheet and joins it; the request flow's steps are
 * history entries. Projects and events are made through the API (funding.spec and events.spec walk
 * their screens); the clock is not moved.
 */

const strings = {
  ko: { artist: koArtist, auth: koAuth, common: koCommon, community: koCommunity, detail: koDetail, join: koJoin, myPage: koMyPage, request: koRequest, approve: /결제 승인$/ },
  ja: { artist: jaArtist, auth: jaAuth, common: jaCommon, community: jaCommunity, detail: jaDetail, join: jaJoin, myPage: jaMyPage, request: jaRequest, approve: /を承認$/ },
};
type Language = keyof typeof strings;

test.describe.configure({ timeout: 240_000 });
test.use({ viewport: { width: 375, height: 812 } });

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** A translation with `{{amount}}` in it, as a pattern matching any amount. */
const withAnyAmount = (template: string) => new RegExp(`^${escape(template).replace(escape('{{amount}}'), '.+')}$`);

type Medium = { id: number; durations: number[]; price: number };

async function cheapestPlan(page: Page, ops: Page) {
  const media = (await api<{ items: Medium[] }>(page, 'GET', '/api/media?packageId=basic&limit=100')).items
    .filter((medium) => medium.durations.length > 0)
    .sort((a, b) => a.price * Math.min(...a.durations) - b.price * Math.min(...b.durations));
  const artists = await api<{ items: { id: number }[] }>(page, 'GET', '/api/artists?limit=1');
  return {
    artistId: artists.items[0]!.id,
    purpose: 'ongoing',
    option: 'image',
    packageId: 'basic',
    media: [{ mediaId: media[0]!.id, duration: Math.min(...media[0]!.durations) }],
    adStartDate: await serverKstDate(ops, 45),
    fundingStartDate: await serverKstDate(ops, 0),
  };
}

/** An event open for Berry at once, minimum unit 10 (docs/product.md#events). */
async function openEvent(ops: Page, title: string): Promise<number> {
  await ops.goto('/');
  const plan = await cheapestPlan(ops, ops);
  const { project } = await api<{ project: { id: number } }>(
    ops,
    'POST',
    '/api/operator/events',
    { ...plan, minimumUnit: 10, title, introduction: 'ways back' },
    { 'Idempotency-Key': crypto.randomUUID() },
  );
  return project.id;
}

/** A fan's project open for Orange, minimum unit 10: requested, approved, given a thumbnail, created with its deposit. */
async function openProject(browser: Browser, ops: Page, title: string): Promise<number> {
  const creator = await newPerson(browser, 'en', uniqueSubject('ways-back-creator'));
  await creator.goto('/');
  const plan = await cheapestPlan(creator, ops);
  const { project: requested } = await api<{ project: { id: number; goal: number } }>(creator, 'POST', '/api/project-requests', plan, {
    'Idempotency-Key': crypto.randomUUID(),
  });
  await api(ops, 'POST', `/api/operator/projects/${requested.id}/decision`, { decision: 'approve' });
  const png = (await pngFromCanvas(creator)).toString('base64');
  const uploaded = await creator.evaluate(
    async ({ id, png }) => {
      const form = new FormData();
      form.append('file', new Blob([Uint8Array.from(atob(png), (c) => c.charCodeAt(0))], { type: 'image/png' }), 'poster.png');
      return (await fetch(`/api/projects/${id}/thumbnail`, { method: 'PUT', body: form })).status;
    },
    { id: requested.id, png },
  );
  expect(uploaded).toBe(200);
  await chargeThroughSandbox(creator, 'orange-5000');
  await api(
    creator,
    'POST',
    `/api/projects/${requested.id}/creation`,
    { minimumUnit: 10, title, introduction: 'ways back', creatorXId: '@ways_back', creatorEmail: 'fan@example.com', deposit: minimumDepositFor(requested.goal, 10) },
    { 'Idempotency-Key': crypto.randomUUID() },
  );
  await creator.context().close();
  return requested.id;
}

/** A browser that has never signed in, in `language`. */
async function newGuest(browser: Browser, language: Language): Promise<Page> {
  const page = await (await browser.newContext({ viewport: { width: 375, height: 812 } })).newPage();
  await page.addInitScript((chosen) => {
    if (!localStorage.getItem('languageAndCurrency')) localStorage.setItem('languageAndCurrency', JSON.stringify({ state: { language: chosen, currency: 'KRW' }, version: 0 }));
  }, language);
  return page;
}

for (const language of ['ko', 'ja'] as const) {
  const t = strings[language];

  test(`${language}: a guest signs up from a project page and lands back on it, with the nickname chosen at join`, async ({ browser }) => {
    const ops = await newPerson(browser, 'en', 'operator', false);
    const title = `ways back ${language} ${Date.now() % 100_000}`;
    const eventId = await openEvent(ops, title);
    const guest = await newGuest(browser, language);
    // Under the comments, a guest is offered the login page, coming back there.
    await guest.goto(`/comment-list/${eventId}`);
    await expect(guest.getByRole('link', { name: t.community.logIn })).toHaveAttribute('href', `/login?next=%2Fcomment-list%2F${eventId}`);
    await captureScreen(guest, `ways-back-comments-guest-${language}`);
    await guest.goto(`/project/${eventId}`);
    await expect(guest.getByRole('heading', { name: title })).toBeVisible();
    await guest.getByRole('link', { name: t.detail.fundraise.signIn }).click();
    await expect(guest).toHaveURL(new RegExp(`/login\\?next=%2Fproject%2F${eventId}$`));
    await guest.getByRole('link', { name: t.auth.login.continueWith.dev }).click();
    await guest.waitForURL(/\/dev-idp\//);
    await guest.getByLabel('Test identity').fill(uniqueSubject(`guest-${language}`));
    await guest.getByRole('button', { name: 'Sign in' }).click();
    await guest.waitForURL(/\/join\?next=/);

    // Step 1, with a term read on its own page: the ticks are still there on the way back.
    const kinds = t.join.terms.kinds;
    for (const kind of [kinds.service, kinds.privacy]) await guest.getByText(kind, { exact: true }).click();
    await guest.getByRole('link', { name: t.join.terms.viewLabel.replace('{{document}}', kinds.service) }).click();
    await expect(guest).toHaveURL(/\/terms\/service$/);
    await guest.goBack();
    await expect(guest.getByRole('checkbox', { name: new RegExp(`^${escape(kinds.service)}`) })).toBeChecked();
    await expect(guest.getByRole('checkbox', { name: new RegExp(`^${escape(kinds.privacy)}`) })).toBeChecked();
    await guest.getByText(kinds.uniqueIdentification, { exact: true }).click();
    await captureScreen(guest, `ways-back-join-terms-${language}`);
    await guest.getByRole('button', { name: t.common.actions.next, exact: true }).click();

    // Step 2: the nickname, prefilled, checked as on the profile; no red "at least one" before an attempt.
    const nickname = guest.getByRole('textbox', { name: t.myPage.profile.nickname.label });
    await expect(nickname).toHaveValue(/^fan_/);
    await expect(guest.getByText(t.join.artists.atLeastOne)).toBeHidden();
    await captureScreen(guest, `ways-back-join-nickname-${language}`);
    await expectAccessible(guest, `join step 2 (${language})`);
    await expectNoHorizontalScroll(guest);
    const chosen = `wb${language}${Date.now().toString(36).slice(-6)}`;
    await nickname.fill(chosen);
    const complete = guest.getByRole('button', { name: t.join.artists.complete });
    await complete.click();
    await expect(guest.getByText(t.myPage.profile.nickname.pressSearch)).toBeVisible();
    await expect(guest.getByText(t.join.artists.atLeastOne)).toBeVisible();
    await captureScreen(guest, `ways-back-join-attempted-${language}`);
    await guest.getByRole('button', { name: t.myPage.profile.nickname.check }).click();
    await expect(guest.getByText(t.myPage.profile.nickname.available)).toBeVisible();
    await guest.getByRole('list', { name: t.artist.search.results }).getByRole('button').first().click();
    await complete.click();

    await expect(guest).toHaveURL(new RegExp(`/project/${eventId}$`));
    await expect(guest.getByRole('heading', { name: title })).toBeVisible();
    await expect(guest.getByRole('button', { name: t.detail.fundraise.open })).toBeVisible();
    const me = await api<{ nickname: string; joinState: string }>(guest, 'GET', '/api/auth/me');
    expect(me).toMatchObject({ nickname: chosen, joinState: 'joined' });
    await captureScreen(guest, `ways-back-landed-${language}`);
  });

  test(`${language}: a fan short of Orange charges from the fundraise sheet and comes back to the project`, async ({ browser }) => {
    const ops = await newPerson(browser, 'en', 'operator', false);
    const title = `charge back ${language} ${Date.now() % 100_000}`;
    const projectId = await openProject(browser, ops, title);
    const fan = await newPerson(browser, language, uniqueSubject(`short-${language}`));
    await fan.setViewportSize({ width: 375, height: 812 });
    await fan.goto(`/project/${projectId}`);
    await fan.getByRole('button', { name: t.detail.fundraise.open }).click();
    const sheet = fan.getByRole('dialog', { name: t.detail.fundraise.title });
    // With no Orange the sheet says so before anything is sent (issue 32, item 9), and the charge keeps the amount (item 10).
    await expect(sheet.getByText(t.detail.fundraise.insufficient)).toBeVisible();
    for (let step = 0; step < 5; step += 1) await sheet.getByRole('button', { name: t.detail.fundraise.more }).click();
    const submit = sheet.getByRole('button', { name: withAnyAmount(t.detail.fundraise.submit) });
    await expect(submit).toBeDisabled();
    await expect(sheet.locator('output')).toHaveText(/60/);
    await captureScreen(fan, `ways-back-sheet-short-${language}`);
    await sheet.getByRole('link', { name: t.detail.fundraise.charge }).click();
    await expect(fan).toHaveURL(/\/my-page\/point-charge$/);

    await fan.getByRole('list', { name: t.myPage.charge.packagesLabel }).getByRole('button').first().click();
    await fan.getByRole('button', { name: t.myPage.charge.next }).click();
    await fan.getByRole('checkbox', { name: new RegExp(escape(t.myPage.payment.consent.slice(0, 8))) }).check();
    await fan.getByRole('button', { name: withAnyAmount(t.myPage.payment.pay) }).click();
    await fan.waitForURL(/\/sandbox-pay\/checkout\//);
    await fan.getByRole('button', { name: t.approve }).click();
    await fan.waitForURL(/\/my-page\/completed-charge\//);
    const back = fan.getByRole('link', { name: t.detail.backToProject });
    await expect(back).toBeVisible();
    await captureScreen(fan, `ways-back-charge-result-${language}`);
    await expectAccessible(fan, `charge result with the way back (${language})`);
    await expectNoHorizontalScroll(fan);

    // One Back leaves the result (docs/product.md#payments), never to the gateway or a payable page.
    const resultUrl = fan.url();
    await fan.goBack();
    await expect(fan).toHaveURL(/\/my-page\/point-charge$/);
    await fan.goForward();
    await expect(fan).toHaveURL(resultUrl);

    await back.click();
    await expect(fan).toHaveURL(new RegExp(`/project/${projectId}$`));
    // The sheet is open again at the amount chosen before the charge.
    await expect(sheet.locator('output')).toHaveText(/60/);
    await expect(sheet.getByText(t.detail.fundraise.insufficient)).toBeHidden();
    await captureScreen(fan, `ways-back-sheet-resumed-${language}`);
    await submit.click();
    await expect(sheet).toBeHidden();
    const balances = await api<{ orange: { total: number } }>(fan, 'GET', '/api/points/balances');
    expect(balances.orange.total).toBe(40);
  });

  test(`${language}: a fan short of Berry exchanges from an event's sheet and joins it`, async ({ browser }) => {
    const ops = await newPerson(browser, 'en', 'operator', false);
    const title = `exchange back ${language} ${Date.now() % 100_000}`;
    const eventId = await openEvent(ops, title);
    const fan = await newPerson(browser, language, uniqueSubject(`berry-${language}`));
    await fan.setViewportSize({ width: 375, height: 812 });
    await chargeThroughSandbox(fan, 'orange-100');
    await fan.goto(`/project/${eventId}`);
    await fan.getByRole('button', { name: t.detail.fundraise.open }).click();
    const sheet = fan.getByRole('dialog', { name: t.detail.fundraise.title });
    // Short of Berry, the sheet says so before anything is sent (issue 32, item 9).
    await expect(sheet.getByRole('button', { name: withAnyAmount(t.detail.fundraise.submit) })).toBeDisabled();
    await expect(sheet.getByText(t.detail.fundraise.insufficientBerry)).toBeVisible();
    await expect(sheet.getByText(t.detail.fundraise.insufficient)).toBeHidden();
    await captureScreen(fan, `ways-back-event-short-${language}`);
    await sheet.getByRole('link', { name: t.detail.fundraise.exchange }).click();

    await expect(fan).toHaveURL(/\/my-page\/point-charge\?tab=exchange$/);
    await expect(fan.getByRole('tab', { name: t.myPage.charge.tabs.exchange })).toHaveAttribute('aria-selected', 'true');
    await fan.getByLabel(t.myPage.exchange.inputLabel).fill('1');
    await fan.getByRole('button', { name: t.myPage.exchange.action, exact: true }).click();
    await fan.getByRole('alertdialog').getByRole('button', { name: t.myPage.exchange.action }).click();
    const back = fan.getByRole('link', { name: t.detail.backToProject });
    await expect(back).toBeVisible();
    await captureScreen(fan, `ways-back-exchanged-${language}`);
    await expectAccessible(fan, `exchange done with the way back (${language})`);
    await back.click();

    await expect(fan).toHaveURL(new RegExp(`/project/${eventId}$`));
    // The way back reopens the sheet at the amount chosen (issue 32, item 10).
    await expect(sheet).toBeVisible();
    await sheet.getByRole('button', { name: withAnyAmount(t.detail.fundraise.submit) }).click();
    await expect(sheet).toBeHidden();
    const balances = await api<{ orange: { total: number }; berry: { total: number } }>(fan, 'GET', '/api/points/balances');
    expect(balances).toMatchObject({ orange: { total: 99 }, berry: { total: 3 } });
  });

  test(`${language}: Back and the header arrow go one step back in the request flow; a resumed draft is announced`, async ({ browser }) => {
    const fan = await newPerson(browser, language, uniqueSubject(`request-${language}`));
    await fan.setViewportSize({ width: 375, height: 812 });
    const r = t.request;
    const next = fan.getByRole('button', { name: t.common.actions.next, exact: true });
    // The header's arrow, named by its label (in Japanese the flow's "Previous" reads the same).
    const headerBack = fan.getByLabel(t.common.actions.back, { exact: true });
    await fan.goto('/');
    await fan.goto('/request-project');
    await expect(fan.getByRole('heading', { name: r.steps.artist })).toBeVisible();
    await fan.getByRole('list', { name: t.artist.search.results }).getByRole('button').first().click();
    await next.click();
    await fan.getByRole('radio', { name: new RegExp(`^${escape(r.purpose.limited.label)}`) }).check();
    await fan.getByRole('radio', { name: new RegExp(`^${escape(r.option.image.label)}`) }).check();
    await next.click();
    await expect(fan.getByRole('heading', { name: r.steps.package })).toBeVisible();

    await fan.goBack();
    await expect(fan.getByRole('heading', { name: r.steps.purpose })).toBeVisible();
    await expect(fan.getByRole('radio', { name: new RegExp(`^${escape(r.option.image.label)}`) })).toBeChecked();
    await headerBack.click();
    await expect(fan.getByRole('heading', { name: r.steps.artist })).toBeVisible();
    await fan.goForward();
    await fan.goForward();
    await expect(fan.getByRole('heading', { name: r.steps.package })).toBeVisible();

    // Away and back in: the draft resumes at its step, says so, and Back still walks the steps.
    await fan.goto('/');
    await fan.goto('/request-project');
    await expect(fan.getByRole('heading', { name: r.steps.package })).toBeVisible();
    await expect(fan.getByText(r.resumed.message)).toBeVisible();
    await captureScreen(fan, `ways-back-request-resumed-${language}`);
    await expectAccessible(fan, `request flow resumed (${language})`);
    // A new tab of the same account resumes the draft too, and says so (issue 32, item 19; decision 089).
    const tab = await fan.context().newPage();
    await tab.setViewportSize({ width: 375, height: 812 });
    await tab.goto('/request-project');
    await expect(tab.getByRole('heading', { name: r.steps.package })).toBeVisible();
    await expect(tab.getByText(r.resumed.message)).toBeVisible();
    await captureScreen(tab, `ways-back-request-new-tab-${language}`);
    await headerBack.click();
    await expect(fan.getByRole('heading', { name: r.steps.purpose })).toBeVisible();
    await headerBack.click();
    await expect(fan.getByRole('heading', { name: r.steps.artist })).toBeVisible();
    await fan.goForward();
    await fan.goForward();
    await fan.getByRole('button', { name: r.resumed.startOver }).click();
    await expect(fan.getByRole('heading', { name: r.steps.artist })).toBeVisible();
    await expect(next).toBeDisabled();

    // Another account signed in on the same browser never sees a draft of the first.
    await tab.close();
    await fan.getByRole('list', { name: t.artist.search.results }).getByRole('button').first().click();
    await next.click();
    await expect(fan.getByRole('heading', { name: r.steps.purpose })).toBeVisible();
    const other = uniqueSubject(`request-other-${language}`);
    await (await newPerson(browser, 'en', other)).context().close();
    const otherTab = await fan.context().newPage();
    await otherTab.setViewportSize({ width: 375, height: 812 });
    await otherTab.goto('/');
    // Signed out, then the other account signs in (the shared sign-in helper reads the English login page).
    expect(await otherTab.evaluate(async () => (await fetch('/api/auth/logout', { method: 'POST' })).ok)).toBe(true);
    await otherTab.evaluate(() => localStorage.setItem('languageAndCurrency', JSON.stringify({ state: { language: 'en', currency: 'KRW' }, version: 0 })));
    await signInWithDevProvider(otherTab, other);
    await otherTab.goto('/request-project');
    await expect(otherTab.getByRole('heading', { name: 'Artist' })).toBeVisible();
    await expect(otherTab.getByText('Continuing your request where you left off.')).toBeHidden();
    await expect(otherTab.getByRole('button', { name: 'Next', exact: true })).toBeDisabled();
  });
}
