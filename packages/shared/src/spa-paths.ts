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
  login: '/login',
  join: '/join',
  artistList: '/artist',
  artist: (type: string, id: number | string) => `/artist/${encodeURIComponent(type)}/${encodeURIComponent(String(id))}`,
  requestProject: '/request-project',
  createProject: (id: number | string) => `/create-project/${encodeURIComponent(String(id))}`,
  project: (id: number | string) => `/project/${encodeURIComponent(String(id))}`,
  mediaList: (id: number | string) => `/media-list/${encodeURIComponent(String(id))}`,
  mediaDetail: (id: number | string) => `/media-detail/${encodeURIComponent(String(id))}`,
  commentList: (id: number | string) => `/comment-list/${encodeURIComponent(String(id))}`,
  fundingList: (id: number | string) => `/funding-list/${encodeURIComponent(String(id))}`,
  ops: '/ops',
  myPage: '/my-page',
  userProfile: '/my-page/user-profile',
  filmList: '/my-page/film-list',
  projectList: '/my-page/project-list',
  projectInfoDetail: (status: string, id: number | string) =>
    `/my-page/project-info-detail/${encodeURIComponent(status)}/${encodeURIComponent(String(id))}`,
  pointCharge: '/my-page/point-charge',
  payment: '/my-page/payment',
  completedCharge: (id: number | string) => `/my-page/completed-charge/${encodeURIComponent(String(id))}`,
  pointHistory: (type: string) => `/my-page/point-history/${encodeURIComponent(type)}`,
  followingArtists: '/my-page/following-artists',
  customerSupport: '/my-page/customer-support',
  inquiry: '/my-page/customer-support/inquiry',
  /** A legal document: `service` (terms of service), `privacy`, `unique-identification`. */
  terms: (doc: string) => `/terms/${encodeURIComponent(doc)}`,
} as const;
