import { expect, test, type Page } from './fixtures.ts';
import { captureScreen, completeJoin, expectAccessible, expectNoHorizontalScroll, signInWithDevProvider, uniqueSubject, useEnglish } from './support.ts';

type Me = { id: string; nickname: string | null; language: string; currency: string };

async function currentUser(page: Page): Promise<Me> {
  const response = await page.request.get('/api/auth/me');
  expect(response.status()).toBe(200);
  return (await response.json()) as Me;
}

async function openSheet(page: Page) {
  await page.getByRole('banner').getByRole('button').first().click();
  const sheet = page.getByRole('dialog');
  await expect(sheet).toBeVisible();
  return sheet;
}

test.describe.configure({ mode: 'serial' });

test('a new fan signs in, joins, and meets my page', async ({ page }) => {
  await useEnglish(page);
  await signInWithDevProvider(page, uniqueSubject('joiner'));
  await captureScreen(page, 'join-step-1');
  await expectAccessible(page, 'join step 1');
  await page.getByText('Agree to all').click();
  await page.getByText('Agree to all').click();
  await completeJoin(page, 2);
  await expect(page.getByRole('link', { name: 'My page' })).toHaveAttribute('href', '/my-page');

  await page.getByRole('link', { name: 'My page' }).click();
  await expect(page.getByRole('heading', { name: 'Points owned' })).toBeVisible();
  await expect(page.getByRole('link', { name: /Following artists/ })).toContainText('2');
  await captureScreen(page, 'my-page');
  await expectAccessible(page, 'my page');
  await expectNoHorizontalScroll(page);
});

test('join step 2 is a searchable artist picker', async ({ page }) => {
  await useEnglish(page);
  await signInWithDevProvider(page, uniqueSubject('picker'));
  await page.getByText('Agree to all').click();
  await page.getByRole('button', { name: 'Next' }).click();
  // At 375 × 812 no text of the sticky footer lies over an artist: the count sits in the page.
  await page.setViewportSize({ width: 375, height: 812 });
  const tiles = page.getByRole('list', { name: 'Artists' }).getByRole('button');
  await expect(tiles.first()).toBeVisible();
  const footerText = await page.locator('.bottom-action').evaluate((footer) => footer.textContent);
  expect(footerText).toBe('Complete sign-up');
  const count = (await page.getByTestId('join-selection').boundingBox())!;
  for (const tile of await tiles.all()) {
    const box = (await tile.boundingBox())!;
    expect(box.y >= count.y + count.height || box.y + box.height <= count.y, 'the count does not cover an artist').toBe(true);
  }
  await captureScreen(page, 'join-step-2-375');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('searchbox', { name: 'Search artists' }).fill('stella');
  await expect(page.getByRole('list', { name: 'Artists' }).getByRole('button')).toHaveCount(1);
  await captureScreen(page, 'join-step-2');
  await expectAccessible(page, 'join step 2');
  await page.getByRole('button', { name: 'Stella Nova' }).click();
  await page.getByRole('button', { name: 'Complete sign-up' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('language (all five) and currency (all three) apply at once, persist, and reach the server', async ({ page }) => {
  await signInWithDevProvider(page, uniqueSubject('polyglot'));
  // The app starts in Korean (docs/product.md#languages): the join screens speak it.
  await expect(page.getByRole('heading', { name: '약관에 동의해 주세요' })).toBeVisible();
  await page.getByText('전체 동의').click();
  await page.getByRole('button', { name: '다음' }).click();
  await page.getByRole('list', { name: '아티스트 목록' }).getByRole('button').first().click();
  await page.getByRole('button', { name: '가입 완료' }).click();
  await expect(page).toHaveURL(/\/$/);

  const homeTab: Record<string, string> = { ko: '홈', en: 'Home', zh: '首页', ja: 'ホーム', es: 'Inicio' };
  const autonyms: Record<string, string> = { ko: '한국어', en: 'English', zh: '中文', ja: '日本語', es: 'Español' };
  for (const language of ['en', 'zh', 'ja', 'es', 'ko']) {
    const sheet = await openSheet(page);
    await sheet.getByRole('button', { name: new RegExp(`^${autonyms[language]}`) }).click();
    await expect(page.locator('html')).toHaveAttribute('lang', language);
    await expect(page.getByRole('navigation').getByRole('link', { name: homeTab[language], exact: true })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect.poll(async () => (await currentUser(page)).language).toBe(language);
  }

  const sheet = await openSheet(page);
  await sheet.getByRole('button', { name: /^통화/ }).click();
  const price = sheet.getByTestId('orange-price');
  // Korean writes won the Korean way (docs/product.md#currencies): 100원, never ₩100.
  await expect(price).toContainText('100원');
  await expect(price).not.toContainText('₩');
  await sheet.getByRole('button', { name: /^USD/ }).click();
  await expect(price).toContainText('US$0.07');
  await expect.poll(async () => (await currentUser(page)).currency).toBe('USD');
  await sheet.getByRole('button', { name: /^JPY/ }).click();
  await expect(price).toContainText('JP¥11');
  await expect.poll(async () => (await currentUser(page)).currency).toBe('JPY');
  await captureScreen(page, 'currency-sheet-ko');

  await page.reload();
  await expect(page.getByRole('banner')).toContainText('KO · JPY');
  await page.goto('/my-page');
  await expect(page.getByTestId('orange-price')).toContainText('JP¥11');
  const sheetAgain = await openSheet(page);
  await sheetAgain.getByRole('button', { name: /^통화/ }).click();
  await sheetAgain.getByRole('button', { name: /^KRW/ }).click();
  await expect.poll(async () => (await currentUser(page)).currency).toBe('KRW');
});

test('following artists: add, remove, and the last one stays', async ({ page }) => {
  await useEnglish(page);
  await signInWithDevProvider(page, uniqueSubject('follower'));
  await completeJoin(page, 1);
  await page.goto('/my-page/following-artists');
  const followings = page.getByRole('tab', { name: /Followings/ });
  await expect(followings).toHaveText('Followings (1)');
  const all = page.getByRole('list', { name: 'Artists' }).getByRole('button');
  await all.nth(1).click();
  await expect(followings).toHaveText('Followings (2)');
  await captureScreen(page, 'following-artists');
  await expectAccessible(page, 'following artists');
  await all.nth(1).click();
  await expect(followings).toHaveText('Followings (1)');
  await followings.click();
  await page.getByRole('tabpanel').getByRole('button').first().click();
  await expect(page.getByText('At least 1 following artist is required.')).toBeVisible();
  await expect(followings).toHaveText('Followings (1)');
});

test('profile edit: a taken and a free nickname, cancel applies nothing, logout clears state', async ({ page, browser }) => {
  // Someone else already holds a nickname.
  const other = await browser.newPage();
  await useEnglish(other);
  await signInWithDevProvider(other, uniqueSubject('holder'));
  await completeJoin(other, 1);
  const takenNickname = `holder${Date.now().toString(36).slice(-6)}`;
  const taken = await other.request.patch('/api/users/user-profile', { data: { nickname: takenNickname }, headers: { origin: new URL(other.url()).origin } });
  expect(taken.status()).toBe(200);
  await other.close();

  await useEnglish(page);
  await signInWithDevProvider(page, uniqueSubject('editor'));
  await completeJoin(page, 1);
  await page.goto('/my-page');
  await page.getByRole('link', { name: 'Edit' }).click();
  await expect(page).toHaveURL(/\/my-page\/user-profile$/);
  const nickname = page.getByRole('textbox', { name: 'Nickname' });
  await expect(nickname).toBeVisible();
  await expectAccessible(page, 'profile edit');

  // At 375 px the field shows 16 characters of the widest script whole.
  await page.setViewportSize({ width: 375, height: 812 });
  await nickname.fill('가나다라마바사아자차카타파하가나');
  expect(await nickname.evaluate((field: HTMLInputElement) => field.scrollWidth <= field.clientWidth)).toBe(true);
  await page.setViewportSize({ width: 390, height: 844 });

  await nickname.fill(takenNickname.toUpperCase());
  await page.getByRole('button', { name: 'Check availability' }).click();
  await expect(page.getByText('This nickname is already in use. Please use a different nickname.')).toBeVisible();

  const freeNickname = `fan${Date.now().toString(36).slice(-8)}`;
  await nickname.fill(freeNickname);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Please press the check button to confirm your nickname.')).toBeVisible();
  await page.getByRole('button', { name: 'Check availability' }).click();
  await expect(page.getByText('Available nickname.')).toBeVisible();
  await page.getByLabel('Country').selectOption('JP');
  await page.getByRole('switch', { name: 'Night-time notifications' }).click();
  await captureScreen(page, 'profile-edit');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/my-page$/);
  await expect(page.getByText(freeNickname)).toBeVisible();
  const saved = await (await page.request.get('/api/users/user-profile')).json();
  expect(saved).toMatchObject({ nickname: freeNickname, country: 'JP', nightNotificationConsent: true });

  // Cancel asks first and applies nothing.
  await page.getByRole('link', { name: 'Edit' }).click();
  await page.getByRole('textbox', { name: 'Nickname' }).fill('changedmymind');
  await page.getByRole('button', { name: 'Cancel' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Discard your changes?' });
  await expect(confirm).toBeVisible();
  await captureScreen(page, 'profile-cancel-confirm');
  await confirm.getByRole('button', { name: 'Discard' }).click();
  await expect(page).toHaveURL(/\/my-page$/);
  expect((await (await page.request.get('/api/users/user-profile')).json()).nickname).toBe(freeNickname);

  // The delete warning is explicit (and dismissed here).
  await page.getByRole('link', { name: 'Edit' }).click();
  await page.getByRole('button', { name: 'Delete account' }).click();
  const warning = page.getByRole('alertdialog', { name: 'Delete your account?' });
  await expect(warning).toContainText('Your 0 Orange and 0 Berry will be forfeited');
  await captureScreen(page, 'delete-account-warning');
  await warning.getByRole('button', { name: 'Cancel' }).click();

  await page.getByRole('button', { name: 'Log out', exact: true }).click();
  await expect(page).toHaveURL(/\/$/);
  // Signing out says so, and the 401s it causes open no "please log in" dialog.
  await expect(page.getByText("You've logged out.")).toBeVisible();
  await page.waitForTimeout(1000);
  await expect(page.getByRole('alertdialog')).toHaveCount(0);
  await captureScreen(page, 'after-logout');
  await expect(page.getByRole('link', { name: 'My page' })).toHaveAttribute('href', '/login');
  const userInfo = await page.evaluate(() => JSON.parse(localStorage.getItem('userInfo') ?? '{}') as { state: unknown });
  expect(userInfo.state).toEqual({ isActive: false, id: null, hasUnreadNotification: false });
  expect((await page.request.get('/api/auth/me')).status()).toBe(401);
});

test('the other my-page screens have their frames', async ({ page }) => {
  await useEnglish(page);
  await signInWithDevProvider(page, uniqueSubject('browser'));
  await completeJoin(page, 1);
  const screens: [string, string, RegExp][] = [
    ['/my-page/film-list', 'my-films', /You haven't posted any films yet/],
    // The project screens (info detail, request, creation) have their own journeys in funding.spec.ts.
    ['/my-page/project-list', 'my-projects', /You don't have any projects yet/],
    ['/my-page/point-charge', 'point-charge', /Charge points/],
    ['/my-page/payment', 'payment-without-package', /Choose a charge package first/],
    ['/my-page/completed-charge/1', 'completed-charge-unknown', /We couldn't find this charge/],
    ['/my-page/point-history/orange', 'point-history', /There's no history yet/],
    ['/my-page/customer-support', 'customer-support', /Payment and refund/],
    ['/my-page/customer-support/inquiry', 'inquiry', /20 MB/],
    ['/create-film', 'create-film-signed-in', /MP4 only, up to 200 MB/],
  ];
  for (const [path, name, text] of screens) {
    await page.goto(path);
    await expect(page.getByRole('main')).toContainText(text);
    await captureScreen(page, name);
    await expectAccessible(page, name);
    await expectNoHorizontalScroll(page);
  }
});
