import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {
  chargePackages,
  commentBodySchema,
  creationBodySchema,
  eventBodySchema,
  postTextBodySchema,
  projectRequestBodySchema,
  youtubeFilmBodySchema,
  type Project,
} from '@orchard/shared';
import { berryPerOrange } from '@orchard/shared/points-rules';
import { addDays, depositBoundsFor, kstDateOf, perUserLimitOf, roundDownToUnit, roundUpToUnit, startOfKstDay } from '@orchard/shared/project-rules';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { createManualClock, type ManualClock } from '../lib/clock.ts';
import type { FileStore } from '../lib/storage.ts';
import { sampleArtists } from '../modules/artists/artists.sample-data.ts';
import { accountOfIdentityWithin, addIdentityWithin } from '../modules/auth/auth.service.ts';
import { requestHash } from '../modules/idempotency/idempotency.service.ts';
import { sampleOperatorIdentity } from '../modules/operator-roles/operator-roles.ts';
import { buildServices, type Services } from '../services.ts';
import { randomFrom, renderExecutionPhoto, renderPoster, withCaptureExif, type PhotoScene } from './demo-images.ts';
import {
  demoComments,
  demoDays,
  demoEvent,
  demoFans,
  demoFanSubject,
  demoFilms,
  demoPosts,
  demoProjects,
  demoRequests,
  type DemoPost,
  type DemoProject,
  type DemoRequest,
  type Phase,
} from './demo-plan.ts';

/**
 * The demo loaded with the sample data on a first start (docs/product.md#discovery): fans,
 * projects in every public status, fans' films of the ads and posts in the artists' communities,
 * so every screen has something to show (what it makes is in demo-plan.ts). It sits above the
 * services and writes only through them (decision 096), on a clock that starts `demoDays` ago and
 * runs forward to now, so the ledger, the projects' figures and the rankings' rollup are what real
 * use would have left. The artists are the sample artists, in the order they are listed there.
 *
 * Its steps: find the sample operator and artists; draw the pictures; the fans join; then each
 * step plans its actions on the demo's calendar (requests, projects from request to creation or
 * the operator's event, participations, likes and comments, execution photos, films, posts); last,
 * the clock runs through the calendar, with the projects' sweeps at each midnight.
 */

const hourMs = 3_600_000;

export type DemoSummary = { fans: number; projects: number; participations: number; comments: number; likes: number; films: number; posts: number };

type Action = { at: number; order: number; run: () => Promise<void> };

type CommunityTarget = Parameters<Services['community']['setLike']>[0];

/** What the steps share: the services on the demo's clock, its calendar, and who and what it made so far. */
type Demo = {
  services: Services;
  clock: ManualClock;
  now: Date;
  today: string;
  summary: DemoSummary;
  /** The start of a KST day relative to today, in ms. */
  dayStart: (day: number) => number;
  /** Plans an action on a day relative to today, at an hour (KST). */
  at: (day: number, hour: number, run: () => Promise<void>) => void;
  actions: Action[];
  /** A fresh idempotency key or order id, `demo-<label>-<n>`. */
  nextKey: (label: string) => string;
  /** The last number nextKey handed out. */
  keysIssued: () => number;
  operatorId: string;
  artistIds: number[];
  fanIds: string[];
};

/**
 * Loads the demo into a database that has the sample artists, media and operator and nothing
 * else. `now` is the real present: the demo's clock starts `demoDays` before it and stops at it,
 * so every funding deadline lies ahead of the real clock that takes over.
 */
export async function seedDemo({ db, files, config, now }: { db: Db; files: FileStore; config: Config; now: Date }): Promise<DemoSummary> {
  const demo = await startDemo({ db, files, config, now });
  // The pictures are drawn on sharp's threads, two at a time, while the fans join on this one.
  const pictures = drawPictures();
  // Awaited below; a failure before then must not go unhandled.
  pictures.catch(() => undefined);
  await joinFans(demo, db);
  const { thumbnails, photos } = await pictures;

  const wallets = openWallets(demo);
  const catalogue = mediaCatalogue(demo.services);
  planRequestsBeforeCreation(demo, catalogue);
  for (const [index, plan] of everyProject.entries()) {
    planProject(demo, { plan, index, thumbnail: thumbnails[index]!, photos: photos[index]! }, catalogue, wallets);
  }
  for (const post of demoPosts) planPost(demo, post);
  await runTheClock(demo);
  return demo.summary;
}

/** The fans' projects, then the operator's event: their positions number their pictures. */
const everyProject = [...demoProjects, demoEvent];

/** The services on the demo's own clock, the sample operator and artists, and an empty calendar. */
async function startDemo({ db, files, config, now }: { db: Db; files: FileStore; config: Config; now: Date }): Promise<Demo> {
  const today = kstDateOf(now);
  const dayStart = (day: number) => startOfKstDay(addDays(today, day)).getTime();
  const clock = createManualClock(new Date(dayStart(-demoDays - 5) + 9 * hourMs));
  // The business clock is the demo's own, whatever TEST_CLOCK says.
  const services = buildServices({ ...config, testClock: false }, { db, clock, files });
  const actions: Action[] = [];
  let keySequence = 0;
  return {
    services,
    clock,
    now,
    today,
    summary: { fans: 0, projects: 0, participations: 0, comments: 0, likes: 0, films: 0, posts: 0 },
    dayStart,
    actions,
    at: (day, hour, run) => {
      // Today's actions happen before now, in the order they were planned.
      actions.push({ at: Math.min(dayStart(day) + hour * hourMs, now.getTime() - 60_000), order: actions.length, run });
    },
    nextKey: (label) => `demo-${label}-${(keySequence += 1)}`,
    keysIssued: () => keySequence,
    operatorId: await findSampleOperator(db),
    artistIds: await findSampleArtists(services),
    fanIds: [],
  };
}

async function findSampleOperator(db: Db): Promise<string> {
  const operatorId = await accountOfIdentityWithin(db, sampleOperatorIdentity.provider, sampleOperatorIdentity.subject);
  if (!operatorId) throw new Error('the demo needs the sample operator');
  return operatorId;
}

/** The sample artists' ids, in the order sampleArtists lists them. */
async function findSampleArtists(services: Services): Promise<number[]> {
  const { items } = await services.artists.list({ limit: 100, viewerId: null });
  return sampleArtists.map((sample) => {
    const artist = items.find((candidate) => candidate.names.en === sample.names.en);
    if (!artist) throw new Error(`the demo needs the sample artist ${sample.names.en}`);
    return artist.id;
  });
}

/** Each project's poster (its thumbnail), and for the awarded ones a photo of it on each booked medium. */
async function drawPictures(): Promise<{ thumbnails: Buffer[]; photos: Buffer[][] }> {
  const posterOf = (project: DemoProject, index: number) => ({
    color: sampleArtists[project.artist]!.color,
    headline: project.poster[0],
    subline: project.poster[1],
    seed: index + 1,
  });
  const [thumbnails, photos] = await Promise.all([
    inPairs(everyProject, (project, index) => renderPoster(posterOf(project, index))),
    inPairs(everyProject, async (project, index) => {
      if (project.outcome !== 'awarded') return [];
      return Promise.all(project.media.map(([name], shot) => renderExecutionPhoto(posterOf(project, index), sceneOf(name), shot)));
    }),
  ]);
  return { thumbnails, photos };
}

/** The scene an execution photo shows, from the medium it ran on. */
function sceneOf(mediumName: string): PhotoScene {
  if (/bus/i.test(mediumName)) return 'bus';
  if (/LED|screen|atrium|digital|media/i.test(mediumName)) return 'screen';
  return 'lightbox';
}

/**
 * The fans join in the five days before the first project: an account with its development
 * sign-in identity, the join's two steps, then their language.
 */
async function joinFans(demo: Demo, db: Db) {
  const { services, clock, dayStart } = demo;
  for (const [index, demoFan] of demoFans.entries()) {
    clock.set(new Date(dayStart(-demoDays - 5 + (index % 5)) + (10 + (index % 11)) * hourMs));
    const userId = await db.transaction(async (tx) => {
      const account = await services.users.createAccountWithin(tx, { email: null });
      await addIdentityWithin(tx, account.userId, 'dev', demoFanSubject(index));
      return account.userId;
    });
    await services.join.agree(userId, { service: true, privacy: true, uniqueIdentification: true, marketing: index % 3 === 0 });
    await services.join.complete(userId, { artistIds: demoFan.follows.map((artist) => demo.artistIds[artist]!), nickname: demoFan.nickname });
    await services.users.changeLocale(userId, { language: demoFan.language });
    demo.fanIds.push(userId);
    demo.summary.fans += 1;
  }
}

type Wallets = ReturnType<typeof openWallets>;

/**
 * What each fan can spend, kept here rather than read back before every spend (returns are left
 * out: a fan whose points came back only charges sooner than needed). Orange comes from charges
 * the sandbox has paid, a package at a time; Berry from exchanging Orange.
 */
function openWallets(demo: Demo) {
  const { services, nextKey } = demo;
  const wallets = new Map<string, { orange: number; berry: number }>();
  const walletOf = (userId: string) => wallets.get(userId) ?? wallets.set(userId, { orange: 0, berry: 0 }).get(userId)!;

  async function charge(userId: string, shortfall: number) {
    // Fans charge a package at a time, at least 1,000 Orange.
    const pkg = chargePackages.find((candidate) => candidate.orange >= Math.max(shortfall, 1_000)) ?? chargePackages.at(-1)!;
    const orderId = nextKey('order');
    const method = (['card', 'kakao_pay', 'naver_pay', 'toss_pay', 'bank_transfer'] as const)[demo.keysIssued() % 5]!;
    await services.payments.recordPaidSandboxCharge({ userId, packageId: pkg.id, method, orderId, paymentKey: nextKey('payment') });
    return pkg.orange + pkg.bonusOrange;
  }

  async function spendOrange(userId: string, amount: number) {
    const wallet = walletOf(userId);
    while (wallet.orange < amount) wallet.orange += await charge(userId, amount - wallet.orange);
    wallet.orange -= amount;
  }

  async function spendBerry(userId: string, amount: number) {
    const wallet = walletOf(userId);
    if (wallet.berry < amount) {
      const orange = Math.ceil((amount - wallet.berry) / berryPerOrange);
      await spendOrange(userId, orange);
      const key = nextKey('exchange');
      const { value } = await services.points.exchange({ userId, key, requestHash: requestHash('POST', '/api/points/exchange', { orange }), orange });
      wallet.berry += value.berry;
    }
    wallet.berry -= amount;
  }

  return { spendOrange, spendBerry };
}

type Catalogue = ReturnType<typeof mediaCatalogue>;

/** The sample media a plan names by the start of their English name, each package's list read once. */
function mediaCatalogue(services: Services) {
  const mediaByPackage = new Map<string, Awaited<ReturnType<Services['media']['list']>>['items']>();
  async function mediumFor(packageId: string, name: string) {
    let items = mediaByPackage.get(packageId);
    if (!items) {
      items = (await services.media.list({ packageId: packageId as 'basic', limit: 100 }, 'en')).items;
      mediaByPackage.set(packageId, items);
    }
    const medium = items.find((item) => item.name.startsWith(name));
    if (!medium) throw new Error(`no sample medium "${name}" in the ${packageId} package`);
    return medium;
  }
  /** The plan's media as a request or an event names them, and as the catalogue lists them. */
  const mediaOf = (plan: DemoProject | DemoRequest) => Promise.all(plan.media.map(([name]) => mediumFor(plan.packageId, name)));
  const selections = async (plan: DemoProject | DemoRequest) => (await mediaOf(plan)).map((medium, index) => ({ mediaId: medium.id, duration: plan.media[index]![1] }));
  return Object.assign(selections, { mediaOf });
}

/** A fan's project request, as the request form sends it. */
async function requestProject(demo: Demo, catalogue: Catalogue, plan: DemoProject | DemoRequest, userId: string): Promise<Project> {
  const requestDay = addDays(demo.today, plan.request);
  const body = projectRequestBodySchema.parse({
    artistId: demo.artistIds[plan.artist]!,
    purpose: plan.purpose,
    option: /LED|screen|atrium|digital|media/i.test(plan.media[0]![0]) ? 'video' : 'image',
    packageId: plan.packageId,
    media: await catalogue(plan),
    adStartDate: addDays(demo.today, plan.fundingEnd + 40),
    fundingStartDate: plan.fundingStart === undefined ? addDays(requestDay, 1) : addDays(demo.today, plan.fundingStart),
  });
  return demo.services.projects.request({ userId, key: demo.nextKey('request'), hash: requestHash('POST', '/api/project-requests', body) }, body, plan.language);
}

/** Requests that stop before creation: one waits for the operator, one is rejected, one approved and not yet created. */
function planRequestsBeforeCreation(demo: Demo, catalogue: Catalogue) {
  for (const plan of demoRequests) {
    const userId = demo.fanIds[plan.creator]!;
    let projectId = 0;
    demo.at(plan.request, 13, async () => {
      projectId = (await requestProject(demo, catalogue, plan, userId)).id;
    });
    if (plan.outcome === 'requested') continue;
    demo.at(plan.request + 1, 11, async () => {
      const decision = plan.outcome === 'approved' ? ({ decision: 'approve' } as const) : ({ decision: 'reject', reason: plan.reason! } as const);
      await demo.services.projects.decide(demo.operatorId, projectId, decision, 'ko');
    });
  }
}

/** One project of the plan as it goes: its id and goal once made, what it raised, whether it still takes part, who gave what. */
type ProjectRun = {
  plan: DemoProject;
  index: number;
  isEvent: boolean;
  creatorId: string;
  /** The day it was created (an event: the day the operator made it). */
  createDay: number;
  /** Its own random numbers, so one project's plan does not shift another's. */
  random: () => number;
  id: number;
  goal: number;
  raised: number;
  open: boolean;
  given: Map<number, number>;
};

/** When fans take part: from the day after the project opens, to its close. */
type FundingWindow = { open: number; close: number; dayWithin: (fraction: number) => number };

/**
 * One project from its start to what came after: created (the fan's request, the operator's
 * approval, the fan's creation; or the operator's event), then, unless it has not opened yet,
 * its participations, its likes and comments, its execution photos, and fans' films of the ad.
 */
function planProject(demo: Demo, pictures: { plan: DemoProject; index: number; thumbnail: Buffer; photos: Buffer[] }, catalogue: Catalogue, wallets: Wallets) {
  const { plan, index } = pictures;
  const isEvent = plan.outcome === 'event';
  const project: ProjectRun = {
    plan,
    index,
    isEvent,
    creatorId: isEvent ? demo.operatorId : demo.fanIds[plan.creator]!,
    createDay: plan.request + (isEvent ? 0 : 1),
    random: randomFrom(1000 + index),
    id: 0,
    goal: 0,
    raised: 0,
    open: true,
    given: new Map(),
  };
  if (isEvent) planOperatorEvent(demo, project, catalogue, pictures.thumbnail);
  else planFanProject(demo, project, catalogue, pictures.thumbnail, wallets);

  const window = fundingWindowOf(project);
  const backers = pickFans(project.random, plan, plan.backers);
  if (plan.outcome === 'created') return;
  planParticipations(demo, project, window, backers, wallets);
  planLikesAndComments(demo, project, window, backers);
  if (plan.outcome === 'awarded') planProofs(demo, project, backers, pictures.photos, catalogue);
  planFilms(demo, project);
}

/** The operator's Berry event, made and given its poster on the day it opens. */
function planOperatorEvent(demo: Demo, project: ProjectRun, catalogue: Catalogue, thumbnail: Buffer) {
  const { plan } = project;
  const { services, operatorId } = demo;
  demo.at(plan.request, 15, async () => {
    const body = eventBodySchema.parse({
      artistId: demo.artistIds[plan.artist]!,
      purpose: plan.purpose,
      option: 'image',
      packageId: plan.packageId,
      media: await catalogue(plan),
      adStartDate: addDays(demo.today, plan.fundingEnd + 40),
      fundingStartDate: addDays(demo.today, plan.request),
      minimumUnit: plan.unit,
      title: plan.title,
      introduction: plan.introduction,
      xUrl: 'https://x.com/orchard',
    });
    const event = await services.projects.createEvent({ userId: operatorId, key: demo.nextKey('event'), hash: requestHash('POST', '/api/operator/events', body) }, body, 'ko');
    project.id = event.id;
    project.goal = event.goal;
    await services.projects.replaceThumbnail(operatorId, event.id, thumbnail, 'ko');
    demo.summary.projects += 1;
  });
}

/** A fan's project: requested, approved by the operator the next morning, created by the fan that evening with a deposit. */
function planFanProject(demo: Demo, project: ProjectRun, catalogue: Catalogue, thumbnail: Buffer, wallets: Wallets) {
  const { plan, index, creatorId } = project;
  const { services, operatorId } = demo;
  demo.at(plan.request, 10 + (index % 10), async () => {
    const requested = await requestProject(demo, catalogue, plan, creatorId);
    project.id = requested.id;
    project.goal = requested.goal;
  });
  demo.at(plan.request + 1, 11, async () => {
    await services.projects.decide(operatorId, project.id, { decision: 'approve' }, 'ko');
  });
  demo.at(project.createDay, 20, async () => {
    await services.projects.replaceThumbnail(creatorId, project.id, thumbnail, plan.language);
    const bounds = depositBoundsFor(project.goal, plan.unit);
    const deposit = Math.min(bounds.maximum, roundUpToUnit(bounds.minimum * (1 + Math.floor(project.random() * 3)), plan.unit));
    const subject = demoFanSubject(plan.creator);
    const body = creationBodySchema.parse({
      minimumUnit: plan.unit,
      title: plan.title,
      introduction: plan.introduction,
      xUrl: `https://x.com/${subject}_support`,
      creatorXId: `@${subject}_support`,
      creatorEmail: `${subject}@example.com`,
      deposit,
    });
    await wallets.spendOrange(creatorId, deposit);
    await services.projects.create({ userId: creatorId, key: demo.nextKey('creation'), hash: requestHash('POST', `/api/projects/${project.id}/creation`, body) }, project.id, body, plan.language);
    project.given.set(plan.creator, deposit);
    project.raised = deposit;
    demo.summary.projects += 1;
  });
}

const mustSucceed = (plan: DemoProject) => plan.progress >= 1;

/**
 * Fans find a project the day after it opens; the last ones join the day before it closes (or
 * yesterday), and a limited project meant to succeed before its end has done so by three days ago.
 */
function fundingWindowOf({ plan, createDay }: ProjectRun): FundingWindow {
  const open = (plan.fundingStart ?? createDay) + 1;
  const close = mustSucceed(plan) && plan.fundingEnd > 0 ? -3 : Math.min(plan.fundingEnd, -1);
  const span = Math.max(0, close - open);
  return { open, close, dayWithin: (fraction) => Math.min(close, open + Math.floor(fraction * (span + 1))) };
}

/**
 * Each backer's share of what the project should raise beyond the deposit, some in two goes, and
 * for a project that succeeds, a last evening where whoever still may tops it up to its figure.
 */
function planParticipations(demo: Demo, project: ProjectRun, { close, dayWithin }: FundingWindow, backers: number[], wallets: Wallets) {
  const { plan, random } = project;
  const weights = backers.map(() => 0.4 + random());
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  const target = () => Math.round(project.goal * plan.progress) - (project.given.get(plan.creator) ?? 0);
  for (const [position, fanIndex] of backers.entries()) {
    const goes = random() < 0.1 ? 2 : 1;
    for (let go = 0; go < goes; go += 1) {
      demo.at(dayWithin((position + random()) / backers.length), 8 + random() * 14, () => participate(demo, project, wallets, fanIndex, (target() * weights[position]!) / total / goes));
    }
  }
  if (mustSucceed(plan)) {
    demo.at(close, 23, async () => {
      const wanted = Math.round(project.goal * plan.progress);
      for (const fanIndex of backers) if (project.raised < wanted) await participate(demo, project, wallets, fanIndex, wanted - project.raised);
    });
  }
}

/**
 * A fan takes part with about `wanted`. The project's figures are the ones this plan made: nobody
 * else takes part, and every participation comes before the project's close, so only reaching a
 * limited goal ends its funding here.
 */
async function participate(demo: Demo, project: ProjectRun, wallets: Wallets, fanIndex: number, wanted: number) {
  const { plan } = project;
  if (!project.open) return;
  const given = project.given.get(fanIndex) ?? 0;
  let amount = Math.min(roundUpToUnit(wanted, plan.unit), roundDownToUnit(perUserLimitOf(project.goal) - given, plan.unit));
  // Outcomes that fall short stay short, whatever the rounding added up to.
  if (!mustSucceed(plan)) amount = Math.min(amount, roundDownToUnit(project.goal - project.raised - 1, plan.unit));
  if (amount < plan.unit) return;
  const userId = demo.fanIds[fanIndex]!;
  if (project.isEvent) await wallets.spendBerry(userId, amount);
  else await wallets.spendOrange(userId, amount);
  const body = { amount };
  const outcome = await demo.services.participations.participate(
    { userId, key: demo.nextKey('participation'), hash: requestHash('POST', `/api/projects/${project.id}/participations`, body) },
    project.id,
    amount,
    demoFans[fanIndex]!.language,
  );
  project.given.set(fanIndex, given + outcome.participation.amount);
  project.raised += outcome.participation.amount;
  project.open = outcome.project.status === 'funding';
  demo.summary.participations += 1;
}

/** A comment under the project in the fan's own language (`fanIndex` -1: the operator's, in Korean). */
async function speak(demo: Demo, project: ProjectRun, fanIndex: number, phase: Phase) {
  const userId = fanIndex < 0 ? demo.operatorId : demo.fanIds[fanIndex]!;
  const pool = demoComments[fanIndex < 0 ? 'ko' : demoFans[fanIndex]!.language][phase];
  const { body } = commentBodySchema.parse({ body: pool[Math.floor(project.random() * pool.length)]! });
  await demo.services.community.postComment({ type: 'project', id: project.id }, { userId, isOperator: false }, body);
  demo.summary.comments += 1;
}

/** Likes from people who care about the artist; the creator's thanks, backers' cheers while it runs, a word when it failed. */
function planLikesAndComments(demo: Demo, project: ProjectRun, { open, dayWithin }: FundingWindow, backers: number[]) {
  const { plan, index, random, isEvent } = project;
  for (const fanIndex of pickFans(random, plan, Math.round(plan.backers * 0.6) + 1)) {
    demo.at(open + Math.floor(random() * Math.max(1, -open)), 9 + random() * 12, async () => {
      await demo.services.community.setLike({ type: 'project', id: project.id }, demo.fanIds[fanIndex]!, true);
      demo.summary.likes += 1;
    });
  }
  demo.at(open - 1, 21.5, () => speak(demo, project, isEvent ? -1 : plan.creator, 'thanks'));
  for (const fanIndex of backers.slice(0, 2 + (index % 3))) demo.at(dayWithin(random()), 12 + random() * 10, () => speak(demo, project, fanIndex, 'funding'));
  if (plan.outcome === 'failed') demo.at(plan.fundingEnd + 1, 10, () => speak(demo, project, backers[0]!, 'failed'));
}

/**
 * The operator posts a photo of each booked medium the day after the ad starts, each taken that
 * morning a few dozen meters from it (its EXIF says when and where), so the project is awarded
 * once the last is in; two backers say how it looked.
 */
function planProofs(demo: Demo, project: ProjectRun, backers: number[], photos: Buffer[], catalogue: Catalogue) {
  const { plan, random } = project;
  const adStart = plan.fundingEnd + 40;
  demo.at(adStart + 1, 14, async () => {
    const media = await catalogue.mediaOf(plan);
    for (const [index, medium] of media.entries()) {
      const takenAt = new Date(demo.dayStart(adStart + 1) + (9 + index) * hourMs);
      const photo = await withCaptureExif(photos[index]!, takenAt, { latitude: medium.latitude + 0.0002 * (index + 1), longitude: medium.longitude + 0.0001 });
      await postDemoProof(demo, project.id, medium.id, photo);
    }
  });
  for (const fanIndex of backers.slice(-2)) demo.at(adStart + 1 + Math.floor(random() * 2), 18 + random() * 4, () => speak(demo, project, fanIndex, 'after'));
}

/** A proof as the console posts it: the file on disk, as the multipart reader leaves it. */
async function postDemoProof(demo: Demo, projectId: number, mediaId: number, photo: Buffer) {
  const file = path.join(os.tmpdir(), `orchard-demo-proof-${randomUUID()}.jpg`);
  await fs.writeFile(file, photo);
  await demo.services.proofs.post(demo.operatorId, projectId, { mediaId }, [{ path: file, bytes: photo.length }], 'ko');
}

/** Fans' films of the ad once it runs, linked to it when their author took part (the service refuses anyone else). */
function planFilms(demo: Demo, project: ProjectRun) {
  const { plan, index } = project;
  for (const film of demoFilms.filter((candidate) => candidate.project === index)) {
    const day = plan.fundingEnd + 40 + film.afterStart;
    let filmId = 0;
    demo.at(day, film.hour, async () => {
      const body = youtubeFilmBodySchema.parse({
        title: film.title,
        artistId: demo.artistIds[plan.artist]!,
        ...(project.given.has(film.author) ? { projectId: project.id } : {}),
        youtubeUrl: `https://www.youtube.com/watch?v=${film.youtubeId}`,
      });
      filmId = (await demo.services.films.createYoutubeFilm({ userId: demo.fanIds[film.author]!, isOperator: false }, body)).id;
      demo.summary.films += 1;
    });
    planReactions(demo, () => ({ type: 'film', id: filmId }), { artist: plan.artist, author: film.author, day, hour: film.hour, likes: film.likes, comments: film.comments });
  }
}

/** A fan's post in an artist's community, with its likes and comments. */
function planPost(demo: Demo, post: DemoPost) {
  let postId = 0;
  demo.at(post.day, post.hour, async () => {
    const { text } = postTextBodySchema.parse({ text: post.text });
    postId = (await demo.services.community.createPost(demo.artistIds[post.artist]!, { userId: demo.fanIds[post.author]!, isOperator: false }, text, [])).id;
    demo.summary.posts += 1;
  });
  planReactions(demo, () => ({ type: 'post', id: postId }), post);
}

/** Likes and comments on a film or a post in the hours after it appeared (`target` is read when they run). */
function planReactions(
  demo: Demo,
  target: () => CommunityTarget,
  { artist, author, day, hour, likes, comments }: Pick<DemoPost, 'artist' | 'author' | 'day' | 'hour' | 'likes' | 'comments'>,
) {
  for (const [position, fanIndex] of admirers(artist, author, likes).entries()) {
    demo.at(day, hour + 0.5 + position * 1.7, async () => {
      await demo.services.community.setLike(target(), demo.fanIds[fanIndex]!, true);
      demo.summary.likes += 1;
    });
  }
  for (const [position, [fanIndex, text]] of comments.entries()) {
    demo.at(day, hour + 1 + position * 2.5, async () => {
      const { body } = commentBodySchema.parse({ body: text });
      await demo.services.community.postComment(target(), { userId: demo.fanIds[fanIndex]!, isOperator: false }, body);
      demo.summary.comments += 1;
    });
  }
}

/**
 * The clock runs forward through the calendar, and the projects' sweeps run at each KST midnight
 * as the scheduler would; the others (expiry, purges) have nothing to do in these weeks and run
 * once at the end.
 */
async function runTheClock(demo: Demo) {
  const { services, clock, dayStart, now, actions } = demo;
  const projectSweeps = services.sweeps.filter((sweep) => sweep.name.startsWith('projects.'));
  actions.sort((a, b) => a.at - b.at || a.order - b.order);
  let sweptThrough = dayStart(-demoDays - 5);
  async function advanceTo(instant: number) {
    for (let midnight = sweptThrough + 24 * hourMs; midnight <= instant; midnight += 24 * hourMs) {
      clock.set(new Date(Math.max(midnight, clock.now().getTime())));
      for (const sweep of projectSweeps) await sweep.run();
      sweptThrough = midnight;
    }
    if (instant > clock.now().getTime()) clock.set(new Date(instant));
  }
  for (const action of actions) {
    await advanceTo(action.at);
    await action.run();
  }
  await advanceTo(now.getTime());
  for (const sweep of services.sweeps) await sweep.run();
}

/** `count` fans who care about the project's artist first, never its creator. */
function pickFans(random: () => number, plan: DemoProject, count: number): number[] {
  const scored = demoFans
    .map((candidate, index) => ({ index, score: (candidate.follows.includes(plan.artist) ? 2 : 0) + random() }))
    .filter((candidate) => candidate.index !== plan.creator)
    .sort((a, b) => b.score - a.score);
  return scored.slice(0, count).map((candidate) => candidate.index);
}

/** `count` fans to like something about `artist`: its followers first, then the others; never its author. */
function admirers(artist: number, author: number, count: number): number[] {
  const candidates = demoFans.map((candidate, index) => ({ index, follows: candidate.follows.includes(artist) })).filter((candidate) => candidate.index !== author);
  const others = candidates.filter((candidate) => !candidate.follows);
  const turn = (artist * 7) % others.length;
  return [...candidates.filter((candidate) => candidate.follows), ...others.slice(turn), ...others.slice(0, turn)].slice(0, count).map((candidate) => candidate.index);
}

/** Runs `work` over `items` two at a time, keeping their order. */
async function inPairs<T, R>(items: T[], work: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index]!, index);
    }
  };
  await Promise.all([worker(), worker()]);
  return results;
}
