/**
 * The web app's paths: screens and links take them from here, never as literals, so a renamed
 * route changes in one place. The same table serves the API's redirects (`@orchard/shared/spa-paths`).
 */
export { spaPaths as paths } from '@orchard/shared/spa-paths';
