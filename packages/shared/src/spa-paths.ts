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

const landingReads: readonly [pattern: RegExp, address: (match: RegExpExecArray, language: string) => string][] = [
  [/^\/project\/([1-9][0-9]{0,9})$/, (match, language) => `/api/projects/${match[1]}?lang=${encodeURIComponent(language)}`],
  [/^\/artist\/(?:solo|group)\/([1-9][0-9]{0,9})$/, (match) => `/api/artists/${match[1]}`],
];

/**
 * The API read a landing path's first screen starts with, as the web's HTTP client writes its
 * address, or null for any other path (docs/decisions/109-landing-reads-start-with-the-app.md):
 * the app sends it as it starts, and the API names it when it puts the answer in the page.
 */
export function landingReadOf(pathname: string, language: string): string | null {
  for (const [pattern, address] of landingReads) {
    const match = pattern.exec(pathname);
    if (match) return address(match, language);
  }
  return null;
}
