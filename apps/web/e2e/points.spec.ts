import { expect, test, type Page } from './fixtures.ts';
import { captureScreen, completeJoin, expectAccessible, expectNoHorizontalScroll, signInWithDevProvider, uniqueSubject, useEnglish } from './support.ts';

/**
 * Issue 4, end to end against the real API and its sandbox gateway: charge (approve, then decline),
 * the balance and the history, an exchange, a refund of an untouched charge and the refusal of a
 * used one. English, 375×812.
 */
test.use({ viewport: { width: 375, height: 812 } });
// Each journey walks many screens (and, with ORCHARD_SHOTS_DIR, photographs them) on a busy machine.
test.describe.configure({ timeout: 240_000 });

/** Point charge → package → payment method → the sandbox checkout page. */
async function startCharge(page: Page, orange: string, method: string) {
  await page.goto('/my-page/point-charge');
  await page.getByRole('button', { name: new RegExp(`^${orange} Orange`) }).click();
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  await expect(page).toHaveURL(/\/my-page\/payment\?package=/);
  await page.getByText(method, { exact: true }).click();
  await expect(page.getByRole('radio', { name: method })).toBeChecked();
  await expect(page.getByRole('button', { name: /^Pay / })).toBeDisabled();
  await page.getByRole('checkbox', { name: /I have checked the order/ }).check();
  await page.getByRole('button', { name: /^Pay / }).click();
  await page.waitForURL(/\/sandbox-pay\/checkout\//);
}

async function balances(page: Page) {
  await page.goto('/my-page');
  await expect(page.getByTestId('orange-balance')).not.toHaveText('…');
  return { orange: await page.getByTestId('orange-balance').textContent(), berry: await page.getByTestId('berry-balance').textContent() };
}

test('points: charge, decline, exchange, refund and a refused refund', async ({ page }) => {
  await useEnglish(page);
  await signInWithDevProvider(page, uniqueSubject('points'));
  await completeJoin(page);

  // 1. Charge 500 Orange (+15 bonus) with KakaoPay and approve it on the sandbox.
  await page.goto('/my-page/point-charge');
  await expect(page.getByRole('button', { name: /^500 Orange/ })).toContainText('+15 bonus (3%)');
  await expect(page.getByRole('button', { name: /^500 Orange/ })).toContainText('₩50,000');
  await expect(page.getByText('Consumption tax included.')).toBeVisible();
  await captureScreen(page, 'points-charge');
  await expectAccessible(page, 'point charge');
  await expectNoHorizontalScroll(page);

  await page.getByRole('button', { name: /^500 Orange/ }).click();
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  await expect(page.getByRole('group', { name: 'Payment methods' })).toBeVisible();
  await captureScreen(page, 'points-payment');
  await expectAccessible(page, 'payment');
  await expectNoHorizontalScroll(page);
  await startCharge(page, '500', 'KakaoPay');
  await page.getByRole('button', { name: 'Approve ₩50,000' }).click();
  await page.waitForURL(/\/my-page\/completed-charge\//);
  await expect(page.getByRole('heading', { name: 'Purchase complete' })).toBeVisible();
  // Back after paying: never the gateway's page, never a payment page that could pay again.
  const completedUrl = page.url();
  await expect.poll(() => page.url()).toBe(completedUrl);
  await page.goBack();
  await expect(page).toHaveURL(/\/my-page\/point-charge$/);
  await page.goForward();
  await expect(page).toHaveURL(completedUrl);
  await expect(page.getByRole('heading', { name: 'Purchase complete' })).toBeVisible();
  await expect(page.getByTestId('charged-amount')).toHaveText('515 Orange');
  await expect(page.getByText('KakaoPay')).toBeVisible();
  await captureScreen(page, 'points-completed');
  await expectAccessible(page, 'completed charge');

  // 2. The balance on My page: purchased plus "additional earned".
  expect(await balances(page)).toEqual({ orange: '515', berry: '0' });
  await expect(page.getByText('Purchased 500')).toBeVisible();
  await expect(page.getByText('Additional earned 15')).toBeVisible();
  await captureScreen(page, 'points-my-page');
  await expectAccessible(page, 'my page with points');

  // 3. The history shows the charge and its bonus.
  await page.goto('/my-page/point-history/orange');
  await expect(page.getByRole('button', { name: /^Point charge.*\+500$/ })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Bonus from point charge.*\+15$/ })).toBeVisible();

  // 4. Charge again and decline: "Purchase failed." with the reason and OK.
  await startCharge(page, '100', 'Credit or debit card');
  await page.getByLabel('Decline with a reason').selectOption('EXCEED_MAX_AMOUNT');
  await page.getByRole('button', { name: 'Decline' }).click();
  await page.waitForURL(/\/my-page\/completed-charge\//);
  await expect(page.getByRole('heading', { name: 'Purchase failed.' })).toBeVisible();
  await expect(page.getByTestId('failure-reason')).toHaveText('The card limit has been exceeded.');
  await captureScreen(page, 'points-failed');
  await expectAccessible(page, 'failed charge');
  await page.getByRole('button', { name: 'OK' }).click();
  await expect(page).toHaveURL(/\/my-page\/point-charge$/);

  // 5. Exchange 10 Orange → 130 Berry (bonus first: this touches the 500 charge's bonus lot).
  await page.getByRole('tab', { name: 'Exchange' }).click();
  await expect(page.getByTestId('exchange-available')).toHaveText('Orange available: 515');
  const field = page.getByLabel('Orange to exchange');
  await field.fill('1.5');
  await expect(page.getByTestId('exchange-preview')).toHaveText('Only whole Orange can be exchanged: enter a number without a decimal point.');
  await expect(field).toHaveValue('1.5');
  await field.fill('-5');
  await expect(page.getByTestId('exchange-preview')).toHaveText('Enter a number of Orange above 0.');
  await field.fill('\uff11\uff12');
  await expect(page.getByTestId('exchange-preview')).toHaveText('12 Orange becomes 156 Berry');
  await field.fill('100000');
  await expect(page.getByTestId('exchange-preview')).toHaveText("That's more than the 515 Orange you have.");
  await expect(page.getByRole('button', { name: 'Exchange', exact: true })).toBeDisabled();
  await page.getByRole('button', { name: 'Charge Orange' }).click();
  await expect(page.getByRole('tab', { name: 'Payment' })).toHaveAttribute('aria-selected', 'true');
  await page.getByRole('tab', { name: 'Exchange' }).click();
  await page.getByLabel('Orange to exchange').fill('10');
  await expect(page.getByTestId('exchange-preview')).toHaveText('10 Orange becomes 130 Berry');
  await captureScreen(page, 'points-exchange');
  await expectAccessible(page, 'exchange');
  await page.getByRole('button', { name: 'Exchange', exact: true }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Exchange Orange for Berry?' });
  await expect(confirm).toContainText("10 Orange will become 130 Berry. Exchanges can't be undone.");
  await confirm.getByRole('button', { name: 'Exchange' }).click();
  await expect(page.getByText('Exchange complete: 130 Berry added.')).toBeVisible();
  await expect(page.getByTestId('exchange-available')).toHaveText('Orange available: 505');

  expect(await balances(page)).toEqual({ orange: '505', berry: '130' });
  await page.goto('/my-page/point-history/berry');
  await expect(page.getByRole('button', { name: /^Exchange.*\+130$/ })).toBeVisible();
  await page.goto('/my-page/point-history/orange');
  await page.getByRole('tab', { name: 'Spend' }).click();
  await expect(page.getByRole('button', { name: /^Exchange.*\u221210$/ })).toBeVisible();

  // 6. A new, untouched charge is refunded.
  await startCharge(page, '100', 'Toss Pay');
  await page.getByRole('button', { name: 'Approve ₩10,000' }).click();
  await expect(page.getByRole('heading', { name: 'Purchase complete' })).toBeVisible();
  await page.goto('/my-page/point-history/orange');
  await page.getByRole('tab', { name: 'Charge' }).click();
  await page.getByRole('button', { name: /^Point charge.*\+100$/ }).click();
  const sheet = page.getByRole('dialog', { name: 'History details' });
  await expect(sheet.getByText('Toss Pay')).toBeVisible();
  await captureScreen(page, 'points-history-detail');
  await expectAccessible(page, 'history detail');
  await sheet.getByRole('button', { name: 'Refund this charge' }).click();
  await sheet.getByRole('button', { name: 'Refund', exact: true }).click();
  await expect(page.getByText('Refund complete.')).toBeVisible();
  await expect(sheet.getByTestId('refund-refusal')).toHaveText('This charge has already been refunded.');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('button', { name: /^Point charge.*\+100$/ })).toContainText('Refunded');
  await page.getByRole('tab', { name: 'Refund' }).click();
  await expect(page.getByRole('button', { name: /^Refund of a charge.*\u2212100$/ })).toBeVisible();

  // 7. The 500 charge cannot be refunded: its bonus went into the exchange.
  await page.getByRole('tab', { name: 'Charge' }).click();
  await page.getByRole('button', { name: /^Point charge.*\+500$/ }).click();
  await expect(sheet.getByTestId('refund-refusal')).toHaveText("Points from this charge (or its bonus) have been used, so it can't be refunded.");
  await expect(sheet.getByRole('button', { name: 'Refund this charge' })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await page.getByRole('tab', { name: 'All' }).click();
  await captureScreen(page, 'points-history');
  await expectAccessible(page, 'point history');
  await expectNoHorizontalScroll(page);
  expect(await balances(page)).toEqual({ orange: '505', berry: '130' });
});

test('payment page and terms in Korean, Japanese and Chinese at 375 × 812', async ({ page }) => {
  await page.addInitScript(() => {
    if (!localStorage.getItem('languageAndCurrency')) {
      localStorage.setItem('languageAndCurrency', JSON.stringify({ state: { language: 'ko', currency: 'USD' }, version: 0 }));
    }
  });
  await signInWithDevProvider(page, uniqueSubject('points-ko'));
  await expect(page).toHaveURL(/\/join$/);
  await expect(page.getByRole('link', { name: '서비스 이용약관 보기' })).toHaveAttribute('href', '/terms/service');
  await captureScreen(page, 'join-terms-ko');
  const setPreference = (language: string, currency: string) =>
    page.evaluate(([nextLanguage, nextCurrency]) => localStorage.setItem('languageAndCurrency', JSON.stringify({ state: { language: nextLanguage, currency: nextCurrency }, version: 0 })), [language, currency] as const);
  await setPreference('en', 'KRW');
  await page.reload();
  await completeJoin(page);
  await setPreference('ko', 'USD');
  await page.goto('/my-page/payment?package=orange-1000');
  await expect(page.getByRole('button', { name: '100,000원 결제하기' })).toBeDisabled();
  await expect(page.getByTestId('payment-price')).toContainText('100,000원');
  await expect(page.getByTestId('payment-price')).toContainText('≈');
  // The last payment method is not under the sticky footer once scrolled to the end.
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  const lastMethod = await page.getByText('토스페이', { exact: true }).boundingBox();
  const footer = await page.locator('.bottom-action').boundingBox();
  expect(lastMethod!.y + lastMethod!.height).toBeLessThanOrEqual(footer!.y);
  await captureScreen(page, 'payment-ko');
  await page.goto('/terms/service');
  await expect(page.getByRole('heading', { name: '서비스 이용약관', level: 2 })).toBeVisible();
  await captureScreen(page, 'terms-ko');
  await expectAccessible(page, 'terms');
  for (const language of ['ja', 'zh'] as const) {
    await setPreference(language, 'KRW');
    await page.goto('/my-page/payment?package=orange-1000');
    await expect(page.locator('html')).toHaveAttribute('lang', language);
    await expect(page.getByTestId('payment-price')).toContainText('₩100,000');
    await captureScreen(page, `payment-${language}`);
  }
});
