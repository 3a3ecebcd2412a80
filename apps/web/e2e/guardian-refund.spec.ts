import { expect, test, type Page } from './fixtures.ts';
import esOperator from '../src/locales/es/operator.json' with { type: 'json' };
import koOperator from '../src/locales/ko/operator.json' with { type: 'json' };
import { api, captureScreen, chargeThroughSandbox, expectAccessible, expectNoHorizontalScroll, newPerson, uniqueSubject } from './support.ts';

/**
 * A guardian's cancellation end to end (docs/product.md#guardian-cancellation): a fan charges and
 * spends nothing; an operator finds the charge in the console, sees the preview and refunds it
 * after a confirmation; the fan's balance is empty and a notification names the amount. The
 * console is looked at in Korean and in Spanish at 375 px.
 */
async function speak(page: Page, language: 'ko' | 'es') {
  await page.evaluate((chosen) => localStorage.setItem('languageAndCurrency', JSON.stringify({ state: { language: chosen, currency: 'KRW' }, version: 0 })), language);
}

test('guardian refund: an operator refunds a fan\'s charge from the console', async ({ browser }) => {
  const fan = await newPerson(browser, 'en', uniqueSubject('minor'));
  await chargeThroughSandbox(fan, 'orange-500');
  const chargeId = new URL(fan.url()).pathname.split('/').pop()!;

  const ops = await newPerson(browser, 'ko', 'operator', false);
  for (const [language, strings] of [['es', esOperator], ['ko', koOperator]] as const) {
    await speak(ops, language);
    await ops.goto('/ops/refunds');
    await ops.getByLabel(strings.guardianRefunds.searchLabel).fill(chargeId);
    await ops.getByRole('button', { name: strings.guardianRefunds.search, exact: true }).click();
    await ops.getByRole('button', { name: strings.guardianRefunds.open }).click();
    await expect(ops.getByTestId('guardian-refund-preview')).toBeVisible();
    await ops.getByLabel(strings.guardianRefunds.reason).fill(language === 'ko' ? '법정대리인(어머니)이 동의하지 않았어요. <b>문의 12</b>' : 'La madre no dio su consentimiento.');
    await captureScreen(ops, `guardian-refund-${language}`);
    await expectNoHorizontalScroll(ops);
  }
  await expectAccessible(ops, 'operator console with a guardian refund');

  await ops.getByLabel(koOperator.guardianRefunds.inquiry).fill('12');
  await ops.getByRole('button', { name: /환불하기$/ }).click();
  const dialog = ops.getByRole('alertdialog');
  await expect(dialog).toContainText('50,000원');
  await captureScreen(ops, 'guardian-refund-confirm-ko');
  const answer = ops.waitForResponse((response) => response.url().includes('/guardian-refund') && response.request().method() === 'POST');
  await dialog.getByRole('button', { name: koOperator.guardianRefunds.confirm.confirm }).click();
  expect((await answer).status()).toBe(200);
  await expect(ops.getByText(koOperator.guardianRefunds.history)).toBeVisible();
  await captureScreen(ops, 'guardian-refund-done-ko');

  const balances = await api<{ orange: { total: number } }>(fan, 'GET', '/api/points/balances');
  expect(balances.orange.total).toBe(0);
  const notes = await api<{ items: { kind: string; params: Record<string, unknown> }[] }>(fan, 'GET', '/api/notifications');
  expect(notes.items.find((note) => note.kind === 'guardian_refund')?.params).toEqual({ amountKrw: 50_000, orange: 500, bonusOrange: 15 });
});
