import {
  currencyAndLanguageBodySchema,
  deleteAccountBodySchema,
  displayInfoResponseSchema,
  localeSettingsResponseSchema,
  nicknameAvailabilityQuerySchema,
  nicknameAvailabilityResponseSchema,
  okResponseSchema,
  profilePictureMaxBytes,
  profilePictureResponseSchema,
  updateUserProfileBodySchema,
  userProfileResponseSchema,
} from '@orchard/shared';
import type { Config } from '../../config.ts';
import { emptyBodySchema, emptyQuerySchema, errorResponses } from '../../lib/schemas.ts';
import { acceptUploads, imagesForm, readUpload } from '../../lib/uploads.ts';
import { clearSessionCookie, requireSession } from '../../plugins/session.ts';
import type { App } from '../../types.ts';
import type { UsersService } from './users.service.ts';

const errors = errorResponses(400, 401, 403, 409, 413, 415, 422);
/** A profile picture: one image in `file`. */
const pictureForm = imagesForm(profilePictureMaxBytes);

// Every route here acts on the session's own user only: no route takes a user id (docs/quality.md#s1).
export async function registerUsersRoutes(app: App, { users, config }: { users: UsersService; config: Config }) {
  app.get(
    '/api/users/display-info',
    {
      config: { access: 'session' },
      schema: { tags: ['users'], querystring: emptyQuerySchema, response: { 200: displayInfoResponseSchema, ...errors } },
    },
    async (request) => users.displayInfo(requireSession(request).userId),
  );

  app.patch(
    '/api/users/user-profile/currency-and-language',
    {
      config: { access: 'session' },
      schema: {
        tags: ['users'],
        body: currencyAndLanguageBodySchema,
        response: { 200: localeSettingsResponseSchema, ...errors },
      },
    },
    async (request) => users.changeLocale(requireSession(request).userId, request.body),
  );

  app.get(
    '/api/users/user-profile',
    {
      config: { access: 'joined' },
      schema: { tags: ['users'], querystring: emptyQuerySchema, response: { 200: userProfileResponseSchema, ...errors } },
    },
    async (request) => users.profile(requireSession(request).userId),
  );

  app.patch(
    '/api/users/user-profile',
    {
      config: { access: 'joined' },
      schema: { tags: ['users'], body: updateUserProfileBodySchema, response: { 200: userProfileResponseSchema, ...errors } },
    },
    async (request) => users.updateProfile(requireSession(request).userId, request.body),
  );

  app.get(
    '/api/users/nickname-availability',
    {
      config: { access: 'session' },
      schema: {
        tags: ['users'],
        querystring: nicknameAvailabilityQuerySchema,
        response: { 200: nicknameAvailabilityResponseSchema, ...errors },
      },
    },
    async (request) => users.nicknameAvailability(requireSession(request).userId, request.query.nickname),
  );

  // Multipart is accepted by this route alone, with its own limits (docs/quality.md#s6).
  await app.register(async (uploads: App) => {
    await acceptUploads(uploads);
    uploads.put(
      '/api/users/user-profile/picture',
      {
        config: { access: 'joined', rateLimitBucket: 'uploads', upload: pictureForm },
        schema: { tags: ['users'], consumes: ['multipart/form-data'], response: { 200: profilePictureResponseSchema, ...errors } },
      },
      async (request) => users.setProfilePicture(requireSession(request).userId, (await readUpload(request, pictureForm)).files.file[0]!),
    );
  });

  app.delete(
    '/api/users/user-profile/picture',
    {
      config: { access: 'joined' },
      schema: { tags: ['users'], body: emptyBodySchema, response: { 200: profilePictureResponseSchema, ...errors } },
    },
    async (request) => users.removeProfilePicture(requireSession(request).userId),
  );

  app.delete(
    '/api/users/me',
    {
      config: { access: 'session' },
      schema: { tags: ['users'], body: deleteAccountBodySchema, response: { 200: okResponseSchema, ...errors } },
    },
    async (request, reply) => {
      await users.deleteAccount(requireSession(request).userId, request.body.acknowledgePointForfeit);
      clearSessionCookie(reply, config);
      return { ok: true as const };
    },
  );
}
