import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from './fixtures.ts';
import { api, chargeThroughSandbox, expectNoHorizontalScroll, newPerson, uniqueSubject } from './support.ts';

/**
 * Receipts and the yearly statement (docs/decisions/105-receipts-and-vat.md, 106), against the real
 * API and its sandbox gateway, at 375 px, in Korean and Japanese: a fan charges, opens the receipt
 * from the completed charge, prints it (print media; a picture kept in ORCHARD_SHOTS_DIR), then
 * downloads the year's statement from the point history and reads its BOM and a row.
 */
test.describe.configure({ timeout: 180_000 });

const words = {
  ko: { receipt: '영수증 보기', heading: '포인트 충전 영수증', amount: '100,000원', vat: '9,091원', item: '오렌지 1,000 + 보너스 50', print: '인쇄하기', statement: '연간 내역서', download: 'CSV 내려받기', header: '일시 (한국 시간),포인트,내용,프로젝트,포인트 증감,결제 금액 (원),영수증 번호', charge: '오렌지,포인트 충전,,1000,100000,OR-' },
  ja: { receipt: '領収書を見る', heading: 'ポイントチャージの領収書', amount: '₩100,000', vat: '₩9,091', item: 'オレンジ 1,000 + ボーナス 50', print: '印刷する', statement: '年間明細', download: 'CSVをダウンロード', header: '日時（韓国時間）,ポイント,内容,プロジェクト,ポイント増減,金額（ウォン）,領収書番号', charge: 'オレンジ,ポイントチャージ,,1000,100000,OR-' },
} as const;

for (const language of ['ko', 'ja'] as const) {
  test(`receipts (${language}): the receipt from the completed charge, printed, and the statement's CSV from point history`, async ({ browser }, testInfo) => {
    const said = words[language];
    const page = await newPerson(browser, language, uniqueSubject(`receipts-${language}`));
    await page.setViewportSize({ width: 375, height: 812 });
    await chargeThroughSandbox(page, 'orange-1000');

    // The completed charge links to its receipt.
    await page.getByRole('link', { name: said.receipt }).click();
    await expect(page).toHaveURL(/\/my-page\/receipt\//);
    await expect(page.getByRole('heading', { name: said.heading })).toBeVisible();
    await expect(page.getByTestId('receipt-amount')).toHaveText(said.amount);
    await expect(page.getByTestId('receipt-vat')).toHaveText(said.vat);
    await expect(page.getByTestId('receipt-item')).toHaveText(said.item);
    await expect(page.getByTestId('receipt-number')).toHaveText(/^OR-\d{4}-\d{8}$/);
    await expect(page.getByRole('button', { name: said.print })).toBeVisible();
    await expectNoHorizontalScroll(page);

    // Printed: the app's chrome and the buttons go, the receipt stays, black on white.
    await page.emulateMedia({ media: 'print' });
    await expect(page.locator('.app-header')).toBeHidden();
    await expect(page.getByRole('button', { name: said.print })).toBeHidden();
    await expect(page.getByTestId('receipt-amount')).toBeVisible();
    const colour = await page.locator('.receipt').evaluate((element) => getComputedStyle(element).color);
    expect(colour).toBe('rgb(0, 0, 0)');
    const directory = process.env.ORCHARD_SHOTS_DIR ?? testInfo.outputPath();
    fs.mkdirSync(directory, { recursive: true });
    await page.screenshot({ path: path.join(directory, `receipt-print-${language}-375.png`), fullPage: true });
    await page.emulateMedia({ media: 'screen' });

    // The statement's CSV is in the account's language: the server's setting follows the device's.
    await api(page, 'PATCH', '/api/users/user-profile/currency-and-language', { language });
    await page.goto('/my-page/point-history/orange');
    await page.getByRole('link', { name: said.statement }).click();
    await expect(page).toHaveURL(/\/my-page\/statement/);
    await expect(page.getByTestId('total-chargedKrw')).toHaveText(said.amount);
    await page.screenshot({ path: path.join(directory, `statement-${language}-375.png`), fullPage: true });
    const downloading = page.waitForEvent('download');
    await page.getByRole('link', { name: said.download }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^orchard-statement-\d{4}\.csv$/);
    const bytes = fs.readFileSync((await download.path())!);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = bytes.subarray(3).toString('utf8').split('\r\n');
    expect(lines[0]).toBe(said.header);
    expect(lines.some((line) => line.includes(said.charge))).toBe(true);
    await page.context().close();
  });
}
