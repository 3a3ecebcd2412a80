/**
 * The route patterns of the web app's paths that carry parameters (`:name`), as its router
 * declares them. Each path builder below fills its own pattern, so the two never drift apart.
 */
export const spaRoutePatterns = {
  artist: '/artist/:type/:id',
  createProject: '/create-project/:id',
  project: '/project/:id',
  filmDetail: '/film/:id',
  mediaList: '/media-list/:id',
  mediaDetail: '/media-detail/:id',
  commentList: '/comment-list/:id',
  fundingList: '/funding-list/:id',
  projectInfoDetail: '/my-page/project-info-detail/:status/:id',
  completedCharge: '/my-page/completed-charge/:id',
  receipt: '/my-page/receipt/:id',
  pointHistory: '/my-page/point-history/:type',
  terms: '/terms/:doc',
  /** A section of the operator console: requests, ads, events, reports, clock. */
  opsSection: '/ops/:section',
  /** Every path no other route matches: the not-found page. */
  notFound: '*',
} as const;

/** A pattern with each `:name` replaced by its value, encoded. */
function fill(pattern: string, values: Record<string, number | string>): string {
  return pattern.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(String(values[name])));
}

/**
 * Every path of the web app, in one place, for the web's links and the API's redirects alike.
 * Zod-free, so the web imports it without pulling validation code into its bundle.
 * A function builds a path with parameters; a string is a path without any.
 */
export const spaPaths = {
  home: '/',
  homeAlias: '/home',
  notification: '/notification',
  film: '/film',
  createFilm: '/create-film',
  filmDetail: (id: number | string) => fill(spaRoutePatterns.filmDetail, { id }),
  login: '/login',
  join: '/join',
  artistList: '/artist',
  /** Search; what was searched for rides in the address (`?q=`), so Back brings the results back. */
  search: '/search',
  artist: (type: string, id: number | string) => fill(spaRoutePatterns.artist, { type, id }),
  requestProject: '/request-project',
  createProject: (id: number | string) => fill(spaRoutePatterns.createProject, { id }),
  project: (id: number | string) => fill(spaRoutePatterns.project, { id }),
  mediaList: (id: number | string) => fill(spaRoutePatterns.mediaList, { id }),
  mediaDetail: (id: number | string) => fill(spaRoutePatterns.mediaDetail, { id }),
  commentList: (id: number | string) => fill(spaRoutePatterns.commentList, { id }),
  fundingList: (id: number | string) => fill(spaRoutePatterns.fundingList, { id }),
  ops: '/ops',
  opsSection: (section: string) => fill(spaRoutePatterns.opsSection, { section }),
  myPage: '/my-page',
  userProfile: '/my-page/user-profile',
  filmList: '/my-page/film-list',
  projectList: '/my-page/project-list',
  projectInfoDetail: (status: string, id: number | string) => fill(spaRoutePatterns.projectInfoDetail, { status, id }),
  pointCharge: '/my-page/point-charge',
  payment: '/my-page/payment',
  completedCharge: (id: number | string) => fill(spaRoutePatterns.completedCharge, { id }),
  pointHistory: (type: string) => fill(spaRoutePatterns.pointHistory, { type }),
  /** A charge's printable receipt (docs/decisions/105-receipts-and-vat.md). */
  receipt: (chargeId: number | string) => fill(spaRoutePatterns.receipt, { id: chargeId }),
  /** The yearly statement; the year rides in the address (`?year=`). */
  statement: '/my-page/statement',
  followingArtists: '/my-page/following-artists',
  customerSupport: '/my-page/customer-support',
  inquiry: '/my-page/customer-support/inquiry',
  /** A legal document: `service` (terms of service), `privacy`, `unique-identification`. */
  terms: (doc: string) => fill(spaRoutePatterns.terms, { doc }),
} as const;

/** The pages a shared link lands on that the API renders for a signed-out visitor (decision 110). */
export type LandingPageName = 'project' | 'artist' | 'film';

/**
 * A landing page: its reads as the web's HTTP client writes their addresses (lib/http.ts), and
 * whether its first screen is the one the API renders: a page whose address picks another tab,
 * filter or order than the first shows something else, and is left to the app.
 */
export type LandingPage = { page: LandingPageName; reads: string[]; rendered: boolean };

const landingPages: readonly {
  page: LandingPageName;
  pattern: RegExp;
  /** Parameters of the address that change what the first screen shows. */
  ownParameters: readonly string[];
  /** The read of what the page is about (decision 109), whatever its tab. */
  entityRead?(match: RegExpExecArray, language: string): string;
  /** The reads of the lists its first screen shows. */
  listReads?(match: RegExpExecArray): string[];
}[] = [
  { page: 'project', pattern: /^\/project\/([1-9][0-9]{0,9})$/, ownParameters: [], entityRead: (match, language) => `/api/projects/${match[1]}?lang=${encodeURIComponent(language)}` },
  {
    page: 'artist',
    pattern: /^\/artist\/(?:solo|group)\/([1-9][0-9]{0,9})$/,
    ownParameters: ['tab', 'status', 'sort'],
    entityRead: (match) => `/api/artists/${match[1]}`,
    // The projects tab, every status, most raised: those funding now, then all (artist-projects.tsx).
    listReads: (match) => [`/api/projects?artistId=${match[1]}&status=funding&sort=raised`, `/api/projects?artistId=${match[1]}&sort=raised`],
  },
  { page: 'film', pattern: /^\/film$/, ownParameters: ['tab'], listReads: () => ['/api/films'] },
];

/**
 * The landing page a path shows, with its reads, or null for any other path
 * (docs/decisions/109-landing-reads-start-with-the-app.md): the app sends them as it starts, and
 * the API puts their answers in the page for a signed-out visitor. `search` is the address's query.
 */
export function landingPageOf(pathname: string, search: string, language: string): LandingPage | null {
  for (const { page, pattern, ownParameters, entityRead, listReads } of landingPages) {
    const match = pattern.exec(pathname);
    if (!match) continue;
    const parameters = new URLSearchParams(search);
    const rendered = ownParameters.every((name) => !parameters.has(name));
    // Another tab's first screen is not this one's: only the entity's own read starts early.
    const reads = [...(entityRead ? [entityRead(match, language)] : []), ...(rendered && listReads ? listReads(match) : [])];
    return { page, reads, rendered };
  }
  return null;
}
