import { setupServer } from 'msw/node';
import { artistsHandlers } from './handlers/artists.ts';
import { authHandlers } from './handlers/auth.ts';
import { communityHandlers } from './handlers/community.ts';
import { discoveryHandlers } from './handlers/discovery.ts';
import { filmsHandlers } from './handlers/films.ts';
import { joinHandlers } from './handlers/join.ts';
import { mediaHandlers } from './handlers/media.ts';
import { notificationsHandlers } from './handlers/notifications.ts';
import { pointsHandlers } from './handlers/points.ts';
import { preferencesHandlers } from './handlers/preferences.ts';
import { projectsHandlers } from './handlers/projects.ts';
import { searchHandlers } from './handlers/search.ts';
import { usersHandlers } from './handlers/users.ts';

/**
 * The API as component tests see it: each feature's default answers, overridden per test with
 * `server.use(...)`. A request no handler answers fails the test, so a screen cannot quietly call
 * an endpoint its test does not know about.
 */
export const server = setupServer(
  ...authHandlers,
  ...usersHandlers,
  ...artistsHandlers,
  ...joinHandlers,
  ...preferencesHandlers,
  ...pointsHandlers,
  ...projectsHandlers,
  ...communityHandlers,
  ...discoveryHandlers,
  ...filmsHandlers,
  ...mediaHandlers,
  ...notificationsHandlers,
  ...searchHandlers,
);
