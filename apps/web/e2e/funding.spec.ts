import { expect, test, type Page } from './fixtures.ts';
import enCommon from '../src/locales/en/common.json' with { type: 'json' };
import enCreate from '../src/locales/en/createProject.json' with { type: 'json' };
import enMyPage from '../src/locales/en/myPage.json' with { type: 'json' };
import enNotification from '../src/locales/en/notification.json' with { type: 'json' };
import enRequest from '../src/locales/en/requestFunding.json' with { type: 'json' };
import koCommon from '../src/locales/ko/common.json' with { type: 'json' };
import koMyPage from '../src/locales/ko/myPage.json' with { type: 'json' };
import koNotification from '../src/locales/ko/notification.json' with { type: 'json' };
import koOperator from '../src/locales/ko/operator.json' with { type: 'json' };
import koRequest from '../src/locales/ko/requestFunding.json' with { type: 'json' };
import { minimumDepositFor } from '@orchard/shared/project-rules';
import { captureScreen, expectAccessible, expectNoHorizontalScroll, newPerson, pngFromCanvas, uniqueSubject } from './support.ts';

/**
 * Issue 12 end to end, against the real API with TEST_CLOCK=on: an English-speaking fan requests an
 * ad with three media, the operator approves it in /ops, the fan reads the notification, charges,
 * creates the project with a cropped thumbnail and the deposit, and sees it open. A Korean-speaking
 * fan's request is rejected with a reason, and another, approved, passes its creation deadline when
 * the operator moves the clock 8 days. Titles and introductions carrying XSS payloads stay text.
 */

type RequestStrings = typeof enRequest;
const xssTitle = '<img src=x onerror="window.__xss=1">';
const xssIntroduction = '<script>window.__xss=2</script><svg onload="window.__xss=3">';

function kstDatePlus(days: number): string {
  return new Date(Date.now() + 9 * 3_600_000 + days * 86_400_000).toISOString().slice(0, 10);
}

/** The 7 steps with the first three media the basic package offers; returns the new project's id. */
async function requestProject(page: Page, strings: RequestStrings, options: { mediaCount: number; shots?: string }) {
  const next = page.getByRole('button', { name: new RegExp(`^${strings.create === 'Request' ? 'Next' : '다음'}$`) });
  await page.goto('/request-project');
  await expect(page.getByRole('heading', { name: strings.steps.artist })).toBeVisible();
  await expect(next).toBeDisabled();
  await page.getByRole('list', { name: strings === enRequest ? 'Artists' : '아티스트 목록' }).getByRole('button').first().click();
  if (options.shots) await captureScreen(page, `${options.shots}-1-artist`);
  // Each step is awaited by its heading: a step that waits for its data keeps the previous one on
  // screen meanwhile, and a radio of the step before would otherwise be checked again.
  await next.click();
  await expect(page.getByRole('heading', { name: strings.steps.purpose, exact: true })).toBeVisible();
  await page.getByRole('radio', { name: new RegExp(`^${strings.purpose.limited.label}`) }).check();
  await page.getByRole('radio', { name: new RegExp(`^${strings.option.image.label}`) }).check();
  if (options.shots) await captureScreen(page, `${options.shots}-2-purpose`);
  await next.click();
  await expect(page.getByRole('heading', { name: strings.steps.package, exact: true })).toBeVisible();
  await page.getByRole('radio').first().check();
  if (options.shots) await captureScreen(page, `${options.shots}-3-package`);
  await next.click();
  await expect(page.getByRole('heading', { name: strings.steps.media })).toBeVisible();
  // No tile server is reachable from the test machine: the map gives way to the address list.
  await expect(page.locator('[data-map-status="unavailable"]')).toBeVisible({ timeout: 15_000 });
  const media = page.getByRole('list', { name: strings.media.listLabel }).getByRole('listitem');
  for (let index = 0; index < options.mediaCount; index += 1) {
    await media.nth(index).getByRole('checkbox').check();
    await media.nth(index).getByRole('combobox').selectOption({ index: 1 });
  }
  if (options.shots) await captureScreen(page, `${options.shots}-4-media`);
  await next.click();
  await expect(page.getByRole('heading', { name: strings.steps.adStart, exact: true })).toBeVisible();
  await page.getByLabel(strings.adStart.label).fill(kstDatePlus(40));
  await expect(next).toBeDisabled();
  await page.getByLabel(strings.adStart.label).fill(kstDatePlus(45));
  await expect(page.getByTestId('ad-period')).toBeVisible();
  if (options.shots) await captureScreen(page, `${options.shots}-5-ad-start`);
  await next.click();
  await expect(page.getByRole('heading', { name: strings.steps.fundingDates, exact: true })).toBeVisible();
  await page.getByRole('button', { name: strings.fundingDates.startToday }).click();
  if (options.shots) await captureScreen(page, `${options.shots}-6-funding`);
  await next.click();
  await expect(page.getByTestId('request-goal')).toBeVisible();
  const create = page.getByRole('button', { name: strings.create, exact: true });
  await expect(create).toBeDisabled();
  await page.getByText(strings.confirmation.agree).click();
  if (options.shots) await captureScreen(page, `${options.shots}-7-confirmation`);
  const answer = page.waitForResponse((response) => response.url().endsWith('/api/project-requests') && response.request().method() === 'POST');
  await create.click();
  const body = (await (await answer).json()) as { project: { id: number; status: string } };
  expect(body.project.status).toBe('requested');
  await expect(page.getByText(strings.done.message)).toBeVisible();
  if (options.shots) await captureScreen(page, `${options.shots}-done`);
  return body.project.id;
}

async function decide(ops: Page, projectId: number, decision: 'approve' | { reject: string }) {
  await ops.goto('/ops/requests');
  await ops.getByRole('button', { name: koOperator.queue.review.replace('{{id}}', String(projectId)) }).click();
  // Each decision asks for confirmation first, saying what will happen.
  if (decision === 'approve') {
    await ops.getByRole('button', { name: koOperator.decision.approve }).click();
    await ops.getByRole('alertdialog').getByRole('button', { name: koOperator.decision.approveConfirm.confirm }).click();
    await expect(ops.getByText(koOperator.decision.approved)).toBeVisible();
  } else {
    await ops.getByLabel(koOperator.decision.reasonLabel).fill(decision.reject);
    await ops.getByRole('button', { name: koOperator.decision.reject }).click();
    await expect(ops.getByRole('alertdialog')).toContainText(decision.reject);
    await ops.getByRole('alertdialog').getByRole('button', { name: koOperator.decision.rejectConfirm.confirm }).click();
    await expect(ops.getByText(koOperator.decision.rejected)).toBeVisible();
  }
}

test('funding: request with three media, approval in /ops, notification, charge, creation with a cropped thumbnail and deposit', async ({ browser }) => {
  test.setTimeout(240_000);
  const fan = await newPerson(browser, 'en', uniqueSubject('fan-en'));
  const ops = await newPerson(browser, 'ko', 'operator', false);

  // A non-operator never sees the console.
  await fan.goto('/ops');
  await expect(fan.getByRole('heading', { name: 'Page not found' })).toBeVisible();

  const projectId = await requestProject(fan, enRequest, { mediaCount: 3, shots: 'funding-request-en' });
  await fan.goto(`/my-page/project-info-detail/pending/${projectId}`);
  await expect(fan.getByRole('heading', { name: enMyPage.projectStatus.pending.headline })).toBeVisible();
  await captureScreen(fan, 'funding-status-pending-en');

  await ops.goto('/ops/clock');
  await expect(ops.getByRole('heading', { name: koOperator.title })).toBeVisible();
  await expect(ops.getByTestId('test-clock-now')).toBeVisible();
  await captureScreen(ops, 'funding-ops-ko');
  await expectAccessible(ops, 'operator console');
  await decide(ops, projectId, 'approve');

  // The notification, marked unread, leads to the approved status with its countdown.
  await fan.goto('/notification');
  const notice = fan.getByRole('link', { name: new RegExp(enNotification.kinds.approved.title) }).first();
  await expect(notice).toContainText(enNotification.unread);
  await captureScreen(fan, 'funding-notifications-en');
  await expectAccessible(fan, 'notifications');
  await notice.click();
  await expect(fan).toHaveURL(new RegExp(`/my-page/project-info-detail/approved/${projectId}$`));
  await expect(fan.getByTestId('creation-countdown')).toBeVisible();
  await captureScreen(fan, 'funding-status-approved-en');
  await fan.getByRole('link', { name: enMyPage.projectStatus.create }).click();

  // Creation: history, unit, title, thumbnail (cropped 4:3), introduction, creator.
  const next = fan.getByRole('button', { name: 'Next', exact: true });
  await expect(fan.getByRole('heading', { name: enCreate.steps.history })).toBeVisible();
  await captureScreen(fan, 'funding-create-1-history-en');
  await next.click();
  await fan.getByLabel(enCreate.depositUnit.label).fill('9');
  await expect(next).toBeDisabled();
  await fan.getByLabel(enCreate.depositUnit.label).fill('10');
  await next.click();
  await fan.getByLabel(enCreate.titleStep.label).fill(xssTitle);
  await next.click();
  await fan.getByLabel(enCreate.thumbnail.choose).setInputFiles({ name: 'notes.svg', mimeType: 'image/svg+xml', buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>') });
  await expect(fan.getByText(enCreate.thumbnail.problems.notImage)).toBeVisible();
  await fan.getByLabel(enCreate.thumbnail.choose).setInputFiles({ name: 'poster.png', mimeType: 'image/png', buffer: await pngFromCanvas(fan) });
  await expect(fan.locator('.reactEasyCrop_Container')).toBeVisible();
  await captureScreen(fan, 'funding-create-4-crop-en');
  await fan.getByRole('button', { name: enCreate.thumbnail.useCrop }).click();
  await expect(fan.getByRole('img', { name: enCreate.thumbnail.current })).toBeVisible();
  await next.click();
  await fan.getByLabel(enCreate.introduction.label).fill(xssIntroduction);
  await fan.getByLabel(enCreate.introduction.youtube).fill('https://evil.example/watch?v=1');
  await expect(next).toBeDisabled();
  await fan.getByLabel(enCreate.introduction.youtube).fill('https://www.youtube.com/watch?v=dQw4w9WgXcQ');
  await next.click();
  await fan.getByLabel(enCreate.creator.xId).fill('@orchard_fan');
  await fan.getByLabel(enCreate.creator.email).fill('fan@example');
  await expect(fan.getByText(enCreate.creator.emailInvalid).first()).toBeVisible();
  await fan.getByLabel(enCreate.creator.email).fill('fan@example.com');
  await expect(fan.getByText(enCreate.creator.emailValid)).toBeVisible();
  await captureScreen(fan, 'funding-create-6-creator-en');
  await next.click();

  // The deposit: no Orange yet, so charge and come back to the same step.
  const project = (await (await fan.request.get(`/api/projects/${projectId}`)).json()) as { project: { goal: number } };
  const deposit = minimumDepositFor(project.project.goal, 10);
  await fan.getByLabel(enCreate.deposit.label).fill(String(deposit));
  await expect(fan.getByText(enCreate.deposit.insufficient)).toBeVisible();
  await captureScreen(fan, 'funding-create-7-deposit-en');
  await fan.getByRole('link', { name: enCreate.deposit.charge }).click();
  await expect(fan).toHaveURL(/\/my-page\/point-charge$/);
  await fan.getByRole('button', { name: /^5,000 Orange/ }).click();
  await fan.getByRole('button', { name: 'Continue to payment' }).click();
  await fan.getByText('KakaoPay', { exact: true }).click();
  await fan.getByRole('checkbox', { name: /I have checked the order/ }).check();
  await fan.getByRole('button', { name: /^Pay / }).click();
  await fan.waitForURL(/\/sandbox-pay\/checkout\//);
  await fan.getByRole('button', { name: /^Approve / }).click();
  await fan.waitForURL(/\/my-page\/completed-charge\//);
  await fan.getByRole('link', { name: enCreate.deposit.backToCreation }).click();
  await expect(fan.getByRole('heading', { name: enCreate.steps.deposit })).toBeVisible();
  await expect(fan.getByLabel(enCreate.deposit.label)).toHaveValue(String(deposit));
  await fan.getByRole('button', { name: enCreate.create }).click();

  // Open: funding starts today, so it is `funding`; the payloads are shown as text, never run.
  await expect(fan.getByRole('heading', { name: enCreate.done.title })).toBeVisible();
  await expect(fan.getByTestId('created-status')).toHaveText(enCreate.done.status.funding);
  await expect(fan.getByTestId('created-title')).toHaveText(xssTitle);
  await expect(fan.getByTestId('created-introduction')).toHaveText(xssIntroduction);
  await captureScreen(fan, 'funding-created-en');
  await fan.goto('/my-page/project-list?tab=open');
  await expect(fan.getByRole('link', { name: new RegExp(enCommon.projectStatuses.funding) })).toContainText(xssTitle);
  await captureScreen(fan, 'funding-my-projects-en');
  await expectAccessible(fan, 'my projects');
  await expectNoHorizontalScroll(fan);
  expect(await fan.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();

  // The project's media on one map (the address list here: no tiles reachable).
  await fan.goto(`/media-list/${projectId}`);
  await expect(fan.getByRole('list', { name: 'Media of this project' }).getByRole('listitem')).toHaveCount(3);
  await captureScreen(fan, 'funding-media-list-en');
  await fan.getByRole('list', { name: 'Media of this project' }).getByRole('link').first().click();
  await expect(fan.getByRole('tab', { name: 'Production guide' })).toBeVisible();
  await captureScreen(fan, 'funding-media-detail-en');
  await fan.getByRole('tab', { name: 'Production guide' }).click();
  await expect(fan.getByText('Format')).toBeVisible();
  await expectAccessible(fan, 'media detail');
});

test('funding (Korean): a rejected request shows its reason; an approved one is cancelled when its deadline passes', async ({ browser }) => {
  test.setTimeout(240_000);
  const fan = await newPerson(browser, 'ko', uniqueSubject('fan-ko'));
  const ops = await newPerson(browser, 'ko', 'operator', false);

  const rejectedId = await requestProject(fan, koRequest, { mediaCount: 1, shots: 'funding-request-ko' });
  const reason = '해당 기간 강남역 매체 재고 없음';
  await decide(ops, rejectedId, { reject: reason });
  await fan.goto('/notification');
  await fan.getByRole('link', { name: new RegExp(koNotification.kinds.rejected.title) }).first().click();
  await expect(fan).toHaveURL(new RegExp(`/my-page/project-info-detail/rejected/${rejectedId}$`));
  await expect(fan.getByTestId('rejection-reason')).toContainText(reason);
  await captureScreen(fan, 'funding-status-rejected-ko');
  await expectAccessible(fan, 'rejected status');

  const lateId = await requestProject(fan, koRequest, { mediaCount: 2 });
  await decide(ops, lateId, 'approve');
  await ops.goto('/ops/clock');
  await ops.getByLabel(koOperator.clock.daysLabel).fill('8');
  await ops.getByRole('button', { name: /^시계 \+8일$/ }).click();
  // Eight days of sweeps run over everything the other specs have made by now: on a busy machine
  // that takes longer than a screen's usual wait.
  await expect(ops.getByText(/시계를 8일 앞당기고/)).toBeVisible({ timeout: 60_000 });

  await fan.goto('/notification');
  await fan.getByRole('link', { name: new RegExp(koNotification.kinds.cancelled_deadline.title) }).first().click();
  await expect(fan).toHaveURL(new RegExp(`/my-page/project-info-detail/cancelled/${lateId}$`));
  await expect(fan.getByRole('heading', { name: koMyPage.projectStatus.cancelled.headline })).toBeVisible();
  await captureScreen(fan, 'funding-status-cancelled-ko');
  await fan.goto('/my-page/project-list?tab=request');
  await expect(fan.getByRole('link', { name: new RegExp(koCommon.projectStatuses.cancelled) })).toBeVisible();
  await expect(fan.getByRole('link', { name: new RegExp(koCommon.projectStatuses.rejected) })).toBeVisible();
  await captureScreen(fan, 'funding-my-projects-ko');
  await fan.goto(`/create-project/${lateId}`);
  await expect(fan.getByText(/지금은 이 프로젝트를 생성할 수 없어요/)).toBeVisible();
});
