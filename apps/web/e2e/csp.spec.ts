import { legalDocuments } from '@orchard/shared/terms';
import { expect, test, type Page } from './fixtures.ts';
import { paths, routePatterns } from '../src/lib/paths.ts';
import { opsSections } from '../src/features/operator/sections.ts';
import { api, chargeThroughSandbox, fundingEvent, newPerson, uniqueSubject } from './support.ts';

type PathName = keyof typeof paths;
type Builder<Name extends PathName> = (typeof paths)[Name] extends (...values: infer Values) => string ? Values : never;

/** Every CSP violation the page reports, and the console's CSP messages, from its first script on. */
async function watchViolations(page: Page): Promise<string[]> {
  const seen: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) seen.push(`console: ${message.text()}`);
  });
  await page.exposeFunction('reportCspViolation', (violation: string) => seen.push(violation));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      (window as unknown as { reportCspViolation(violation: string): void }).reportCspViolation(`${event.violatedDirective} ${event.blockedURI} at ${event.sourceFile}:${event.lineNumber}`);
    });
  });
  return seen;
}

/**
 * docs/quality.md#s7: no page of the app breaks its own CSP (issue 32: Zod's eval probe did on every
 * page that parses). Every path of the paths module is visited, with test data made here, so a route
 * added to the module without values for its parameters fails this test instead of going unvisited.
 */
test('csp: every route of the app loads without a single CSP violation', async ({ browser }) => {
  test.setTimeout(300_000);
  const ops = await newPerson(browser, 'ko', 'operator', false);
  const fan = await newPerson(browser, 'ko', uniqueSubject('csp'));
  const fanViolations = await watchViolations(fan);
  const opsViolations = await watchViolations(ops);

  // A request of the fan's (its status screen) and a funding event (a project page with its media).
  const { artist, medium, fields, project: event } = await fundingEvent(ops, 'CSP 이벤트');
  const request = (await api<{ project: { id: number } }>(fan, 'POST', '/api/project-requests', fields, { 'Idempotency-Key': crypto.randomUUID() })).project;
  const film = (await api<{ film: { id: number } }>(fan, 'POST', '/api/films', { title: 'CSP 영상', artistId: artist.id, youtubeUrl: 'https://youtu.be/dQw4w9WgXcQ' })).film;
  await chargeThroughSandbox(fan, 'orange-100');
  const charge = new URL(fan.url()).pathname.split('/').at(-1)!;

  // The values each path with parameters is visited with; one list of arguments per visit.
  const visits: { [Name in PathName]: (typeof paths)[Name] extends string ? true : Builder<Name>[] } = {
    home: true,
    homeAlias: true,
    notification: true,
    film: true,
    createFilm: true,
    filmDetail: [[film.id]],
    login: true,
    join: true,
    artistList: true,
    search: true,
    artist: [[artist.type, artist.id]],
    requestProject: true,
    createProject: [[request.id]],
    project: [[event.id]],
    mediaList: [[event.id]],
    mediaDetail: [[medium.id]],
    commentList: [[event.id]],
    fundingList: [[event.id]],
    ops: true,
    opsSection: opsSections.map((section) => [section]),
    myPage: true,
    userProfile: true,
    filmList: true,
    projectList: true,
    projectInfoDetail: [['pending', request.id]],
    pointCharge: true,
    payment: true,
    completedCharge: [[charge]],
    receipt: [[charge]],
    statement: true,
    pointHistory: [['orange'], ['berry']],
    followingArtists: true,
    customerSupport: true,
    inquiry: true,
    terms: legalDocuments.map((document) => [document]),
  };
  const addresses = Object.entries(paths).flatMap(([name, path]) => {
    const values = visits[name as PathName];
    if (typeof path === 'string') return [path];
    expect(Array.isArray(values) && values.length > 0, `values for the parameters of ${name}`).toBe(true);
    return (values as unknown[][]).map((args) => (path as (...args: unknown[]) => string)(...args));
  });
  // The not-found page is the router's pattern `*`: any address no route matches.
  expect(routePatterns.notFound).toBe('*');
  addresses.push('/no-such-page');

  for (const address of addresses) {
    const isConsole = address.startsWith(paths.ops);
    const [person, violations] = isConsole ? [ops, opsViolations] : [fan, fanViolations];
    await person.goto(address);
    await expect(person.locator('main').first()).toBeVisible();
    await person.waitForLoadState('networkidle');
    expect(violations.splice(0), `CSP violations on ${address}`).toEqual([]);
  }
});
