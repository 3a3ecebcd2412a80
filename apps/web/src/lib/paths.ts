/**
 * The web app's paths: screens and links take them from here, never as literals, so a renamed
 * route changes in one place. The same table serves the API's redirects (`@orchard/shared/spa-paths`).
 * `routePatterns` are the router's patterns of the paths with parameters; each builder in `paths` fills its own.
 */
export { spaPaths as paths, spaRoutePatterns as routePatterns } from '@orchard/shared/spa-paths';
