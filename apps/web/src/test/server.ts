import { setupServer } from 'msw/node';
import { artistsHandlers } from './handlers/artists.ts';
import { authHandlers } from './handlers/auth.ts';
import { joinHandlers } from './handlers/join.ts';
import { pointsHandlers } from './handlers/points.ts';
import { preferencesHandlers } from './handlers/preferences.ts';
import { usersHandlers } from './handlers/users.ts';

/**
 * The API as component tests see it: each feature's default answers, overridden per test with
 * `server.use(...)`. A request no handler answers fails the test, so a screen cannot quietly call
 * an endpoint its test does not know about.
 */
export const server = setupServer(...authHandlers, ...usersHandlers, ...artistsHandlers, ...joinHandlers, ...preferencesHandlers, ...pointsHandlers);
