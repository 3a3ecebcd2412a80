import { expect, test } from './fixtures.ts';
import enDetail from '../src/locales/en/projectDetail.json' with { type: 'json' };
import enMyPage from '../src/locales/en/myPage.json' with { type: 'json' };
import koCreate from '../src/locales/ko/createProject.json' with { type: 'json' };
import koOperator from '../src/locales/ko/operator.json' with { type: 'json' };
import koRequest from '../src/locales/ko/requestFunding.json' with { type: 'json' };
import { api, captureScreen, chargeThroughSandbox, expectAccessible, expectNoHorizontalScroll, newPerson, pngFromCanvas, serverKstDate, uniqueSubject } from './support.ts';

/**
 * Events end to end (docs/product.md#events): a Korean-speaking operator creates an event in the
 * console's one form (artist, purpose, package, a medium, dates, texts, a cropped thumbnail), and an
 * English-speaking fan who exchanged Orange for Berry joins it from its page in Berry and finds it
 * under the Event tab and in the Berry history. The clock is not moved here: later journeys rely on it.
 */
test('events: an operator creates one in the console; a fan joins it in Berry', async ({ browser }) => {
  test.setTimeout(240_000);
  const ops = await newPerson(browser, 'ko', 'operator', false);
  const fan = await newPerson(browser, 'en', uniqueSubject('fan-berry'));
  await ops.goto('/ops/events');
  const form = ops.locator('.event-form');
  await expect(form.getByRole('heading', { name: koOperator.event.title })).toBeVisible();
  const create = form.getByRole('button', { name: koOperator.event.create });
  await expect(create).toBeDisabled();
  await expect(form.getByText(koRequest.problems.artistMissing)).toBeVisible();

  await form.getByRole('list', { name: '아티스트 목록' }).getByRole('button').first().click();
  await form.getByRole('radio', { name: koRequest.purpose.ongoing.label }).check();
  await form.getByRole('radio', { name: koRequest.option.image.label }).check();
  await form.getByRole('group', { name: koRequest.package.legend }).getByRole('radio').first().check();
  const medium = form.getByRole('list', { name: koRequest.media.listLabel }).getByRole('listitem').first();
  await medium.getByRole('checkbox').check();
  await medium.getByRole('combobox').selectOption({ index: 1 });
  await form.getByLabel(koRequest.adStart.label).fill(await serverKstDate(ops, 45));
  await form.getByLabel(koRequest.fundingDates.startLabel).fill(await serverKstDate(ops, 0));
  await form.getByLabel(koOperator.event.unitLabel).fill('10');
  const title = `베리 생일 이벤트 ${Date.now() % 100_000}`;
  await form.getByLabel(koCreate.titleStep.label).fill(title);
  await form.getByLabel(koCreate.introduction.label).fill('베리로 함께 축하해요!');
  await expect(form.getByText(koCreate.problems.thumbnailMissing)).toBeVisible();
  await form.getByLabel(koCreate.thumbnail.choose).setInputFiles({ name: 'poster.png', mimeType: 'image/png', buffer: await pngFromCanvas(ops) });
  await form.getByRole('button', { name: koCreate.thumbnail.useCrop }).click();
  await expect(form.getByRole('img', { name: koCreate.thumbnail.current })).toBeVisible();
  await expect(form.getByTestId('event-goal')).toContainText('베리');
  await expect(create).toBeEnabled();
  await captureScreen(ops, 'event-form-ko');
  await expectAccessible(ops, 'operator console with the event form');
  await expectNoHorizontalScroll(ops);
  const answer = ops.waitForResponse((response) => response.url().includes('/api/operator/events') && response.request().method() === 'POST');
  await create.click();
  const { project: event } = (await (await answer).json()) as { project: { id: number; kind: string; status: string; currency: string } };
  expect(event).toMatchObject({ kind: 'event', status: 'funding', currency: 'berry' });
  await expect(form.getByRole('status')).toContainText(title);
  await captureScreen(ops, 'event-created-ko');

  // A fan with Berry (exchanged from Orange) joins from the event's page.
  await chargeThroughSandbox(fan, 'orange-100');
  await api(fan, 'POST', '/api/points/exchange', { orange: 10 }, { 'Idempotency-Key': crypto.randomUUID() });
  await fan.goto(`/project/${event.id}`);
  await expect(fan.getByRole('heading', { name: title })).toBeVisible();
  await expect(fan.locator('.project-page__thumbnail')).toHaveJSProperty('complete', true);
  // The uploaded poster, as the phone's 720 × 540 copy at this width (docs/decisions/111).
  const shown = await fan.locator('.project-page__thumbnail').evaluate((image: HTMLImageElement) => ({ src: new URL(image.currentSrc).pathname, width: image.naturalWidth }));
  const { project: shownEvent } = await api<{ project: { thumbnailSmallUrl: string } }>(fan, 'GET', `/api/projects/${event.id}`);
  expect(shown.src).toBe(shownEvent.thumbnailSmallUrl);
  expect(shown.width).toBeGreaterThan(0);
  await captureScreen(fan, 'event-page-en');
  await expectAccessible(fan, 'event page');
  await fan.getByRole('button', { name: enDetail.fundraise.open }).click();
  const sheet = fan.getByRole('dialog', { name: enDetail.fundraise.title });
  await expect(sheet.getByTestId('fundraise-balance')).toHaveText('130 Berry');
  await sheet.getByRole('button', { name: enDetail.fundraise.more }).click();
  await captureScreen(fan, 'event-fundraise-sheet-en');
  await sheet.getByRole('button', { name: 'Put in 20 Berry' }).click();
  await expect(sheet).toBeHidden();
  await expect(fan.getByText('1 participant', { exact: true })).toBeVisible();
  const balances = await api<{ orange: { total: number }; berry: { total: number } }>(fan, 'GET', '/api/points/balances');
  expect(balances).toMatchObject({ orange: { total: 90 }, berry: { total: 110 } });

  await fan.goto('/my-page/project-list?tab=event');
  await expect(fan.getByRole('link', { name: new RegExp(title) })).toBeVisible();
  await captureScreen(fan, 'my-projects-event-en');
  await fan.goto('/my-page/point-history/berry');
  await expect(fan.getByRole('main')).toContainText(enMyPage.history.reasons.event_participation);
  await captureScreen(fan, 'event-berry-history-en');
});
