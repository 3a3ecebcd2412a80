import { expect, test, type Page } from './fixtures.ts';
import jaDetail from '../src/locales/ja/projectDetail.json' with { type: 'json' };
import koDetail from '../src/locales/ko/projectDetail.json' with { type: 'json' };
import enNotification from '../src/locales/en/notification.json' with { type: 'json' };
import koOperator from '../src/locales/ko/operator.json' with { type: 'json' };
import jaProof from '../src/locales/ja/proof.json' with { type: 'json' };
import koProof from '../src/locales/ko/proof.json' with { type: 'json' };
import jaSettlement from '../src/locales/ja/settlement.json' with { type: 'json' };
import koSettlement from '../src/locales/ko/settlement.json' with { type: 'json' };
import { minimumDepositFor } from '@orchard/shared/project-rules';
import { api, captureScreen, chargeThroughSandbox, expectAccessible, expectNoHorizontalScroll, newPerson, pngFromCanvas, serverKstDate, uniqueSubject } from './support.ts';

/**
 * Issue 13 end to end, against the real API with TEST_CLOCK=on: a creator opens an ongoing project
 * (through the API, as the request and creation journeys are funding.spec's), a Korean-speaking fan
 * joins it from the project page's fundraise sheet after charging, a Japanese-speaking fan reads the
 * page and the funders list, and when the operator moves the clock past the close the project fails
 * and the fan's points come back, shown in the point history.
 */

type Medium = { id: number; durations: number[]; price: number };
type Project = { id: number; goal: number; minimumUnit: number; status: string; title: string | null };

/** A project open for funding from the server's today (through the API: funding.spec walks the request and creation screens). */
async function openProject(creator: Page, ops: Page, input: { purpose: 'limited' | 'ongoing'; minimumUnit: number; title: string; mediaCount?: number }): Promise<Project> {
  await ops.goto('/');
  await creator.goto('/');
  const media = (await api<{ items: Medium[] }>(creator, 'GET', '/api/media?packageId=basic&limit=100')).items.filter((medium) => medium.durations.length > 0);
  const cheapest = media.sort((a, b) => a.price * a.durations[0]! - b.price * b.durations[0]!).slice(0, input.mediaCount ?? 1);
  const artists = await api<{ items: { id: number }[] }>(creator, 'GET', '/api/artists?limit=1');
  const { project: requested } = await api<{ project: Project }>(
    creator,
    'POST',
    '/api/project-requests',
    {
      artistId: artists.items[0]!.id,
      purpose: input.purpose,
      option: 'image',
      packageId: 'basic',
      media: cheapest.map((medium) => ({ mediaId: medium.id, duration: medium.durations[0] })),
      adStartDate: await serverKstDate(ops, 41),
      fundingStartDate: await serverKstDate(ops, 0),
    },
    { 'Idempotency-Key': crypto.randomUUID() },
  );
  await api(ops, 'POST', `/api/operator/projects/${requested.id}/decision`, { decision: 'approve' });
  const png = (await pngFromCanvas(creator)).toString('base64');
  const uploaded = await creator.evaluate(
    async ({ id, png }) => {
      const bytes = Uint8Array.from(atob(png), (c) => c.charCodeAt(0));
      const form = new FormData();
      form.append('file', new Blob([bytes], { type: 'image/png' }), 'poster.png');
      return (await fetch(`/api/projects/${id}/thumbnail`, { method: 'PUT', body: form })).status;
    },
    { id: requested.id, png },
  );
  expect(uploaded).toBe(200);
  await chargeThroughSandbox(creator, 'orange-5000');
  const { project } = await api<{ project: Project }>(
    creator,
    'POST',
    `/api/projects/${requested.id}/creation`,
    {
      minimumUnit: input.minimumUnit,
      title: input.title,
      introduction: '강남역에서 함께 축하해요!\nLet us celebrate together.',
      youtubeUrl: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
      creatorXId: '@lumina_fan',
      creatorEmail: 'fan@example.com',
      deposit: depositFor(requested.goal, input.minimumUnit),
    },
    { 'Idempotency-Key': crypto.randomUUID() },
  );
  expect(project.status).toBe('funding');
  return project;
}

const depositFor = minimumDepositFor;

test('project page: a fan joins from the fundraise sheet; at the close the project fails and every point comes back', async ({ browser }) => {
  test.setTimeout(240_000);
  const creator = await newPerson(browser, 'en', uniqueSubject('creator'));
  const ops = await newPerson(browser, 'en', 'operator', false);
  const fanKo = await newPerson(browser, 'ko', uniqueSubject('fan-ko'));
  const fanJa = await newPerson(browser, 'ja', uniqueSubject('fan-ja'));
  const project = await openProject(creator, ops, { purpose: 'ongoing', minimumUnit: 10, title: '루미나 생일 축하 광고' });

  // Signed in but without points: the sheet offers to charge and comes back to the project.
  await fanKo.goto(`/project/${project.id}`);
  await expect(fanKo.getByRole('heading', { name: '루미나 생일 축하 광고' })).toBeVisible();
  // The funding ends tomorrow by the server's clock; the page counts days on the device's clock, which
  // an earlier journey's move of the test clock leaves behind.
  const clockAhead = Math.round((Date.parse(await serverKstDate(ops)) - Date.parse(new Date(Date.now() + 9 * 3_600_000).toISOString().slice(0, 10))) / 86_400_000);
  await expect(fanKo.getByTestId('project-dday')).toHaveText(`D-${1 + clockAhead}`);
  await captureScreen(fanKo, 'project-funding-ko');
  await expectAccessible(fanKo, 'project page (ko)');
  await expectNoHorizontalScroll(fanKo);
  await fanKo.getByRole('button', { name: koDetail.fundraise.open }).click();
  const sheet = fanKo.getByRole('dialog', { name: koDetail.fundraise.title });
  await expect(sheet.getByTestId('fundraise-balance')).toHaveText('0 오렌지');
  await sheet.getByRole('button', { name: koDetail.fundraise.more }).click();
  // Short of points, the sheet says so before anything is sent, and offers the charge.
  await expect(sheet.getByText(koDetail.fundraise.insufficient)).toBeVisible();
  await expect(sheet.getByRole('button', { name: '20 오렌지 참여하기' })).toBeDisabled();
  await captureScreen(fanKo, 'project-fundraise-insufficient-ko');
  await sheet.getByRole('link', { name: koDetail.fundraise.charge }).click();
  await expect(fanKo).toHaveURL(/\/my-page\/point-charge$/);
  await chargeThroughSandbox(fanKo, 'orange-100');
  await fanKo.goto(`/project/${project.id}`);
  await fanKo.getByRole('button', { name: koDetail.fundraise.open }).click();
  await expect(sheet.getByTestId('fundraise-balance')).toHaveText('100 오렌지');
  await sheet.getByRole('button', { name: koDetail.fundraise.more }).click();
  await sheet.getByRole('button', { name: koDetail.fundraise.more }).click();
  await captureScreen(fanKo, 'project-fundraise-sheet-ko');
  await expectAccessible(fanKo, 'fundraise sheet (ko)');
  await sheet.getByRole('button', { name: '30 오렌지 참여하기' }).click();
  await expect(sheet).toBeHidden();
  await expect(fanKo.getByText('2명 참여')).toBeVisible();

  // A Japanese-speaking fan sees the page, the top funders and the full list.
  await fanJa.goto(`/project/${project.id}`);
  await expect(fanJa.getByText('2人が参加')).toBeVisible();
  await fanJa.getByRole('tab', { name: jaDetail.tabs.participants }).click();
  await expect(fanJa.getByRole('link', { name: jaDetail.seeAllParticipants })).toBeVisible();
  await captureScreen(fanJa, 'project-participants-ja');
  await fanJa.getByRole('link', { name: jaDetail.seeAllParticipants }).click();
  await expect(fanJa).toHaveURL(new RegExp(`/funding-list/${project.id}$`));
  await expect(fanJa.locator('.participant-list__row')).toHaveCount(2);
  await captureScreen(fanJa, 'funding-list-ja');
  await expectAccessible(fanJa, 'funding list (ja)');
  await fanJa.goto(`/project/${project.id}`);
  await fanJa.getByRole('tab', { name: jaDetail.tabs.info }).click();
  await expect(fanJa.getByRole('link', { name: jaDetail.info.seeOnMap })).toBeVisible();
  await captureScreen(fanJa, 'project-info-ja');
  await fanJa.getByRole('tab', { name: jaDetail.tabs.policy }).click();
  await expect(fanJa.getByRole('tabpanel')).toContainText('1か月');
  await captureScreen(fanJa, 'project-policy-ja');

  // The operator moves the clock past the close (00:00 KST after tomorrow): not achieved.
  await api(ops, 'POST', '/api/operator/test-clock', { days: 2 });
  await fanKo.goto(`/project/${project.id}`);
  await expect(fanKo.getByText(koDetail.statusNotice.failed)).toBeVisible();
  await expect(fanKo.getByRole('button', { name: koDetail.fundraise.open })).toHaveCount(0);
  await captureScreen(fanKo, 'project-failed-ko');
  const balances = await api<{ orange: { total: number } }>(fanKo, 'GET', '/api/points/balances');
  expect(balances.orange.total).toBe(100);
  await fanKo.goto('/my-page/point-history/orange');
  await expect(fanKo.getByRole('main')).toContainText('30');
  await captureScreen(fanKo, 'project-returned-history-ko');
  await fanKo.goto('/my-page/project-list?tab=participate');
  await expect(fanKo.getByRole('link', { name: /루미나 생일 축하 광고/ })).toBeVisible();
  await captureScreen(fanKo, 'my-projects-participate-ko');
});

test("a limited project is capped at its goal, runs from its ad start, and is awarded once the operator proves both booked media", async ({ browser }) => {
  test.setTimeout(240_000);
  const creator = await newPerson(browser, 'en', uniqueSubject('creator'));
  const ops = await newPerson(browser, 'ko', 'operator', false);
  const fanEn = await newPerson(browser, 'en', uniqueSubject('fan-en'));
  const fanJa = await newPerson(browser, 'ja', uniqueSubject('fan-ja'));
  const title = `Lumina subway ad ${Date.now() % 100_000}`;
  // A unit that leaves the last fan a remainder off the unit, within their own limit: that one is capped.
  const unit = 20;
  const project = await openProject(creator, ops, { purpose: 'limited', minimumUnit: unit, title, mediaCount: 2 });

  // One fan puts in half the goal; what is left is less than the next fan's choice, so it is capped.
  await chargeThroughSandbox(fanEn, 'orange-5000');
  // The most one fan may put in: half the goal, rounded down to the unit (docs/product.md#participation).
  const half = Math.floor(Math.floor(project.goal / 2) / unit) * unit;
  await api(fanEn, 'POST', `/api/projects/${project.id}/participations`, { amount: half }, { 'Idempotency-Key': crypto.randomUUID() });
  const remaining = project.goal - depositFor(project.goal, unit) - half;
  await chargeThroughSandbox(fanJa, 'orange-1000');
  await fanJa.goto(`/project/${project.id}`);
  await fanJa.getByRole('button', { name: jaDetail.fundraise.open }).click();
  const sheet = fanJa.getByRole('dialog', { name: jaDetail.fundraise.title });
  // The stepper goes no further than the first step that reaches the goal; the button names what will be taken.
  const more = sheet.getByRole('button', { name: jaDetail.fundraise.more });
  while (await more.isEnabled()) await more.click();
  if (remaining % unit !== 0) await expect(sheet.locator('.notice')).toBeVisible();
  await expect(sheet.getByRole('button', { name: new RegExp(`^${remaining.toLocaleString('en-US')}\\D*で参加する$`) })).toBeVisible();
  await captureScreen(fanJa, 'project-fundraise-capped-ja');
  const answer = fanJa.waitForResponse((response) => new URL(response.url()).pathname === `/api/projects/${project.id}/participations` && response.request().method() === 'POST');
  await sheet.getByRole('button', { name: /で参加する$/ }).click();
  const joined = (await (await answer).json()) as { participation: { amount: number }; project: { status: string; raised: number } };
  expect(joined.participation.amount).toBe(remaining);
  expect(joined.project).toMatchObject({ status: 'succeeded', raised: project.goal });
  await expect(sheet).toBeHidden();
  await expect(fanJa.getByText(/目標を達成/)).toBeVisible();
  await captureScreen(fanJa, 'project-succeeded-ja');

  // At the ad start the project runs; the operator proves one medium of two in the console: 1 of 2, not awarded.
  await api(ops, 'POST', '/api/operator/test-clock', { days: 41 });
  const { project: running } = await api<{ project: { adStartDate: string; media: { mediaId: number; name: string }[] } }>(ops, 'GET', `/api/projects/${project.id}`);
  expect(running.media).toHaveLength(2);
  await ops.goto('/ops/ads');
  const card = ops.locator('.request-card', { has: ops.getByRole('link', { name: title }) });
  await expect(card).toBeVisible();
  await expect(card.getByTestId('ops-proof-due')).toBeVisible();
  const prove = async (medium: { mediaId: number }) => {
    await card.getByLabel(koOperator.outcomes.proofMedium).selectOption(String(medium.mediaId));
    await card.getByLabel(koOperator.outcomes.proofCapturedAt).fill(`${running.adStartDate}T12:30`);
    await card.getByLabel(koOperator.outcomes.choosePhotos).setInputFiles({ name: 'ad.png', mimeType: 'image/png', buffer: await pngFromCanvas(ops) });
    await expect(card.getByRole('img', { name: koOperator.outcomes.photoPreview.replace('{{number}}', '1') })).toBeVisible();
    const answer = ops.waitForResponse((response) => new URL(response.url()).pathname === `/api/operator/projects/${project.id}/proofs`);
    await card.getByRole('button', { name: koOperator.outcomes.postProof_other.replace('{{count}}', '1') }).click();
    expect((await answer).status()).toBe(201);
  };
  await prove(running.media[0]!);
  await expect(card.getByTestId('ops-proof-count')).toHaveText(koProof.count.replace('{{proven}}', '1').replace('{{booked}}', '2'));
  await captureScreen(ops, 'ops-outcomes-proof-ko');

  await fanJa.goto(`/project/${project.id}`);
  await expect(fanJa.getByTestId('proof-count')).toContainText(jaProof.count.replace('{{proven}}', '1').replace('{{booked}}', '2'));
  await expect(fanJa.getByRole('img', { name: /^.+に撮影された証明写真$/ })).toBeVisible();
  await expect(fanJa.getByTestId('proof-chain')).toContainText(jaProof.chain.valid.replace('{{count}}', '1'));
  expect((await api<{ project: { status: string } }>(fanJa, 'GET', `/api/projects/${project.id}`)).project.status).toBe('running');
  await captureScreen(fanJa, 'project-proof-half-ja');

  // The second medium: every booked medium is proven, and the project is awarded.
  await prove(running.media[1]!);
  await expect(card).toBeHidden();
  await fanJa.goto(`/project/${project.id}`);
  await expect(fanJa.getByTestId('proof-count')).toContainText(jaProof.count.replace('{{proven}}', '2').replace('{{booked}}', '2'));
  await expect(fanJa.getByText(jaDetail.statusNotice.awarded)).toBeVisible();
  await captureScreen(fanJa, 'project-awarded-ja');
  await expectAccessible(fanJa, 'awarded project (ja)');
  await fanEn.goto('/notification');
  await expect(fanEn.getByRole('main')).toContainText(enNotification.kinds.awarded.title);
  await captureScreen(fanEn, 'notifications-awarded-en');
});

test('settlement: after a failed close, fans read it from the ledger at 375 px in Korean and Japanese, the ledger check shown', async ({ browser }) => {
  test.setTimeout(240_000);
  const creator = await newPerson(browser, 'en', uniqueSubject('creator'));
  const ops = await newPerson(browser, 'en', 'operator', false);
  const fanKo = await newPerson(browser, 'ko', uniqueSubject('fan-ko'));
  const fanJa = await newPerson(browser, 'ja', uniqueSubject('fan-ja'));
  const project = await openProject(creator, ops, { purpose: 'ongoing', minimumUnit: 10, title: `결산 확인 ${Date.now() % 100_000}` });
  await chargeThroughSandbox(fanKo, 'orange-100');
  await api(fanKo, 'POST', `/api/projects/${project.id}/participations`, { amount: 30 }, { 'Idempotency-Key': crypto.randomUUID() });
  // Before the close there is no settlement to read.
  await fanKo.goto(`/project/${project.id}`);
  await expect(fanKo.getByRole('heading', { name: project.title ?? '' })).toBeVisible();
  await expect(fanKo.getByTestId('settlement-section')).toHaveCount(0);

  // Past the close the project failed and everything went back: the settlement says so, from the ledger.
  await api(ops, 'POST', '/api/operator/test-clock', { days: 2 });
  const raised = depositFor(project.goal, 10) + 30;
  for (const [fan, words, shot] of [
    [fanKo, koSettlement, 'project-settlement-ko'],
    [fanJa, jaSettlement, 'project-settlement-ja'],
  ] as const) {
    await fan.setViewportSize({ width: 375, height: 844 });
    await fan.goto(`/project/${project.id}`);
    const section = fan.getByTestId('settlement-section');
    await expect(section.getByRole('heading', { name: words.title })).toBeVisible();
    await expect(fan.getByTestId('settlement-ledger')).toHaveText(`✓ ${words.ledger.matches}`);
    await expect(section.locator('.summary-list__row', { hasText: words.returned })).toContainText(raised.toLocaleString('en-US'));
    await expect(section.getByTestId('settlement-lines').getByRole('listitem')).toHaveCount(1);
    await expect(section.getByRole('link', { name: words.downloadCsv })).toHaveAttribute('href', new RegExp(`/api/projects/${project.id}/settlement\\?format=csv&lang=(ko|ja)$`));
    await expectNoHorizontalScroll(fan);
    await expectAccessible(fan, `settlement (${shot})`);
    await section.scrollIntoViewIfNeeded();
    await captureScreen(fan, shot);
    if (process.env.ORCHARD_SETTLEMENT_SHOT) await section.screenshot({ path: `${process.env.ORCHARD_SETTLEMENT_SHOT}-${shot}.png` });
  }
});
