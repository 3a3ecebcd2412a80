import { expect, test, type Browser, type Page } from './fixtures.ts';
import { spaPaths } from '@orchard/shared/spa-paths';
import enSupport from '../src/locales/en/support.json' with { type: 'json' };
import esSupport from '../src/locales/es/support.json' with { type: 'json' };
import koNotification from '../src/locales/ko/notification.json' with { type: 'json' };
import koSupport from '../src/locales/ko/support.json' with { type: 'json' };
import { captureScreen, completeJoin, expectNoHorizontalScroll, signInWithDevProvider, uniqueSubject, useEnglish } from './support.ts';

/**
 * Customer support end to end at 375 px (docs/product.md#faq, docs/product.md#inquiries): a fan
 * reads an FAQ answer, sends an inquiry with three images from a failed project's policy tab (the
 * upload's progress visible), the operator answers it in the console, and the fan reads the answer
 * and its notification; in Korean, and the same screens in Spanish. The title and content carry
 * script payloads (docs/quality.md#s9): no dialog opens and no payload sets its flag, in the fan's
 * list or the console.
 */

const executions: string[] = [];

async function person(browser: Browser, subject: string, language: 'ko' | 'en' | 'es', join: boolean): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 375, height: 812 } });
  const page = await context.newPage();
  await useEnglish(page);
  await page.addInitScript(() => {
    (window as unknown as { __xss?: number }).__xss = undefined;
  });
  page.on('dialog', (dialog) => {
    executions.push(`${subject}: ${dialog.type()} ${dialog.message()}`);
    void dialog.dismiss();
  });
  await signInWithDevProvider(page, subject);
  if (join) await completeJoin(page);
  await setLanguage(page, language);
  return page;
}

async function setLanguage(page: Page, language: 'ko' | 'en' | 'es') {
  await page.evaluate((chosen) => localStorage.setItem('languageAndCurrency', JSON.stringify({ state: { language: chosen, currency: 'KRW' }, version: 0 })), language);
}

const xssFlag = (page: Page) => page.evaluate(() => (window as unknown as { __xss?: number }).__xss);

/** A noisy PNG of a few megabytes drawn by the browser, so the upload takes long enough to show its progress. */
async function noisyPng(page: Page, seed: number): Promise<Buffer> {
  const dataUrl = await page.evaluate((seedValue) => {
    const canvas = document.createElement('canvas');
    canvas.width = 1400;
    canvas.height = 1400;
    const context = canvas.getContext('2d')!;
    const image = context.createImageData(1400, 1400);
    let state = seedValue * 9301 + 49297;
    for (let index = 0; index < image.data.length; index += 4) {
      state = (state * 1103515245 + 12345) % 2147483648;
      image.data[index] = state & 255;
      image.data[index + 1] = (state >> 8) & 255;
      image.data[index + 2] = (state >> 16) & 255;
      image.data[index + 3] = 255;
    }
    context.putImageData(image, 0, 0);
    return canvas.toDataURL('image/png');
  }, seed);
  return Buffer.from(dataUrl.split(',')[1]!, 'base64');
}

test('customer support: FAQ answer, an inquiry with three images from a failed project, the operator answers, the fan reads it (ko, es)', async ({ browser }) => {
  test.setTimeout(180_000);
  const fan = await person(browser, uniqueSubject('support-fan'), 'ko', true);
  const failed = await fan.evaluate(async () => {
    const response = await fetch('/api/projects?status=failed&limit=1');
    return ((await response.json()) as { items: { id: number; title: string }[] }).items[0]!;
  });

  // 1. The FAQ: category → question → answer, then "additional inquiry".
  await fan.goto(spaPaths.customerSupport);
  await fan.getByRole('button', { name: /결제\/환불/ }).click();
  await fan.getByRole('button', { name: '충전한 오렌지를 환불받을 수 있나요?' }).click();
  await expect(fan.getByRole('heading', { name: '충전한 오렌지를 환불받을 수 있나요?' })).toBeVisible();
  await expect(fan.getByText(/결제 후 7일\(168시간\) 안에/)).toBeVisible();
  await expect(fan.getByRole('link', { name: koSupport.faq.additionalInquiry })).toBeVisible();
  await expectNoHorizontalScroll(fan);
  await captureScreen(fan, 'support-faq-answer-ko');
  await fan.goBack();
  await expect(fan.getByRole('button', { name: '충전한 오렌지를 환불받을 수 있나요?' })).toBeVisible();

  // 2. From the failed project's policy tab, "문의하기" opens the form linked to it.
  await fan.goto(spaPaths.project(failed.id));
  await fan.getByRole('tab', { name: '정책' }).click();
  await fan.getByRole('link', { name: koSupport.entry.askAboutProject }).click();
  await expect(fan).toHaveURL(new RegExp(`/my-page/customer-support/inquiry\\?projectId=${failed.id}`));
  await expect(fan.getByText(`프로젝트 #${failed.id}에 대한 문의예요.`)).toBeVisible();

  // Unique per run: the inbox is shared by every journey against the same server.
  const title = `<img src=x onerror="window.__xss=1"> 환불 문의 ${Date.now().toString(36)}`;
  const content = '참여한 포인트가 돌아왔는지 궁금해요.\n<script>window.__xss=2</script>';
  await fan.getByLabel(koSupport.form.email).fill('fan-at-example');
  await fan.getByLabel(koSupport.form.email).blur();
  await expect(fan.getByText(koSupport.form.emailInvalid)).toBeVisible();
  await fan.getByLabel(koSupport.form.email).fill('fan@example.com');
  await expect(fan.getByText(koSupport.form.emailValid)).toBeVisible();
  await fan.getByLabel(koSupport.form.title, { exact: true }).fill(title);
  await fan.getByLabel(koSupport.form.content, { exact: true }).fill(content);

  // The count is checked before anything is sent: six images are refused with the spec's text.
  const images = await Promise.all([1, 2, 3].map((seed) => noisyPng(fan, seed)));
  const files = images.map((buffer, index) => ({ name: `shot-${index + 1}.png`, mimeType: 'image/png', buffer }));
  const input = fan.getByTestId('inquiry-images');
  await input.setInputFiles([...files, ...files]);
  await expect(fan.getByText(koSupport.form.tooManyImages)).toBeVisible();
  await input.setInputFiles(files);
  await expect(fan.getByRole('list', { name: koSupport.form.chosenImages }).getByRole('listitem')).toHaveCount(3);
  await captureScreen(fan, 'support-inquiry-form-ko');

  await fan.getByRole('button', { name: koSupport.form.submit }).click();
  await expect(fan.getByRole('alertdialog')).toContainText('fan@example.com');
  await fan.getByRole('alertdialog').getByRole('button', { name: koSupport.form.confirm }).click();
  await expect(fan.getByRole('progressbar', { name: koSupport.form.uploading })).toBeVisible();
  const sent = fan.locator('.inquiry-sent').getByText('문의가 접수되었어요. 답변은 fan@example.com 주소로 보내 드릴게요.');
  await expect(sent.or(fan.locator('.notice--error'))).toBeVisible({ timeout: 30_000 });
  expect(await fan.locator('.notice--error').allTextContents()).toEqual([]);
  await expect(sent).toBeVisible();
  await captureScreen(fan, 'support-inquiry-sent-ko');

  // The fan's list: waiting, the title as text.
  await fan.goto(spaPaths.customerSupport);
  const mine = fan.getByRole('region', { name: koSupport.mine.title });
  await expect(mine.getByText(title)).toBeVisible();
  await expect(mine.getByText(koSupport.status.open)).toBeVisible();

  // 3. The operator answers in the console, where title and content stay text.
  const ops = await person(browser, 'operator', 'en', false);
  await ops.goto('/ops/inquiries');
  const card = ops.locator('.inquiry-item').filter({ hasText: title });
  await expect(card).toBeVisible();
  await expect(card.getByText('<script>window.__xss=2</script>', { exact: false })).toBeVisible();
  await expect(card.getByRole('img')).toHaveCount(3);
  await expect(card.getByRole('link', { name: new RegExp(`Project: `) })).toHaveAttribute('href', spaPaths.project(failed.id));
  await captureScreen(ops, 'support-ops-inbox-en');
  await card.getByLabel('Answer').fill('포인트는 참여하신 로트로 모두 돌아갔어요. 포인트 내역의 "프로젝트 미달성" 항목을 확인해 주세요.');
  await card.getByRole('button', { name: 'Send answer' }).click();
  await expect(ops.getByText(enSupport.inbox.answered)).toBeVisible();
  await expect(ops.locator('.inquiry-item').filter({ hasText: title })).toHaveCount(0);
  await ops.getByRole('tab', { name: 'Answered' }).click();
  await expect(ops.locator('.inquiry-item').filter({ hasText: title })).toBeVisible();
  expect(await xssFlag(ops)).toBeUndefined();

  // 4. The fan sees the answer and the notification.
  await fan.goto(spaPaths.customerSupport);
  await expect(mine.getByText(koSupport.status.answered)).toBeVisible();
  await expect(mine.getByText(/참여하신 로트로 모두 돌아갔어요/)).toBeVisible();
  await captureScreen(fan, 'support-answered-ko');
  await fan.goto(spaPaths.notification);
  await expect(fan.getByText(koNotification.kinds.inquiry_answered.title).first()).toBeVisible();
  await captureScreen(fan, 'support-notification-ko');
  expect(await xssFlag(fan)).toBeUndefined();

  // 5. The same screens in Spanish.
  await setLanguage(fan, 'es');
  await fan.goto(`${spaPaths.customerSupport}?category=FAQC002`);
  await expect(fan.getByRole('heading', { name: 'Pagos y reembolsos' })).toBeVisible();
  await fan.getByRole('button', { name: '¿Puedo recuperar el dinero de los Orange que recargué?' }).click();
  await expect(fan.getByText(/en los 7 días \(168 horas\)/)).toBeVisible();
  await captureScreen(fan, 'support-faq-answer-es');
  await fan.goto(spaPaths.customerSupport);
  await expect(fan.getByText(esSupport.status.answered)).toBeVisible();
  await captureScreen(fan, 'support-answered-es');
  await fan.goto(`${spaPaths.inquiry}?projectId=${failed.id}&category=FAQC002`);
  await expect(fan.getByText(`Sobre el proyecto n.º ${failed.id}.`)).toBeVisible();
  await captureScreen(fan, 'support-inquiry-form-es');
  await fan.goto(spaPaths.notification);
  await expect(fan.getByText('Tu consulta tiene respuesta').first()).toBeVisible();
  await captureScreen(fan, 'support-notification-es');
  await expectNoHorizontalScroll(fan);

  expect(executions).toEqual([]);
  expect(await xssFlag(fan)).toBeUndefined();
});
