import { z } from 'zod';
import { countryCodes } from './countries.ts';
import { currencySchema, languageSchema } from './locale.ts';
import { nicknameInputSchema } from './nickname.ts';
import { providerIdSchema } from './auth.ts';

export const countryCodeSchema = z.enum(countryCodes);

export const displayInfoResponseSchema = z.object({
  id: z.string(),
  nickname: z.string().nullable(),
  profileImageUrl: z.string().nullable(),
  language: languageSchema,
  currency: currencySchema,
  followingArtistCount: z.number().int(),
});

export const userProfileResponseSchema = z.object({
  id: z.string(),
  nickname: z.string().nullable(),
  email: z.string().nullable(),
  country: countryCodeSchema.nullable(),
  profileImageUrl: z.string().nullable(),
  adInfoConsent: z.boolean(),
  nightNotificationConsent: z.boolean(),
  marketingConsent: z.boolean(),
  identities: z.array(z.object({ provider: providerIdSchema, username: z.string().nullable() })),
  xAccount: z.object({ username: z.string().nullable() }).nullable(),
});
export type UserProfile = z.infer<typeof userProfileResponseSchema>;

export const updateUserProfileBodySchema = z
  .strictObject({
    nickname: nicknameInputSchema.optional(),
    country: countryCodeSchema.nullable().optional(),
    adInfoConsent: z.boolean().optional(),
    nightNotificationConsent: z.boolean().optional(),
    marketingConsent: z.boolean().optional(),
  })
  .refine((body) => Object.keys(body).length > 0, { message: 'Nothing to update' });
export type UpdateUserProfile = z.infer<typeof updateUserProfileBodySchema>;

/** docs/product.md#screens: exactly one of language or currency per call. */
export const currencyAndLanguageBodySchema = z.union([
  z.strictObject({ language: languageSchema }),
  z.strictObject({ currency: currencySchema }),
]);

export const nicknameAvailabilityQuerySchema = z.strictObject({ nickname: nicknameInputSchema });
export const nicknameAvailabilityResponseSchema = z.object({
  nickname: z.string(),
  available: z.boolean(),
  problem: z.enum(['too_short', 'too_long', 'invalid_characters', 'taken']).nullable(),
});

export const deleteAccountBodySchema = z.strictObject({
  /** The client shows the forfeit warning; the API insists it was acknowledged (false: users.deletion_unconfirmed). */
  acknowledgePointForfeit: z.boolean(),
});

export const localeSettingsResponseSchema = z.object({ language: languageSchema, currency: currencySchema });

export const profilePictureResponseSchema = z.object({ profileImageUrl: z.string().nullable() });

/** Uploads are sniffed, capped, re-encoded (docs/quality.md#s6, docs/product.md#limits). */
export { profilePictureMaxBytes } from './input-limits.ts';
export const profilePictureSize = 512;
