import { z } from 'zod';
import { safeText } from './safe-text.ts';
import { currencySchema, languageSchema } from './locale.ts';

export const providerIds = ['x', 'google', 'apple', 'dev'] as const;
export type ProviderId = (typeof providerIds)[number];
export const providerIdSchema = z.enum(providerIds);

export const roles = ['operator'] as const;
export type Role = (typeof roles)[number];

/** Where a new account stands in the two-step join (docs/product.md#accounts). */
export const joinStates = ['agreements', 'artists', 'joined'] as const;
export type JoinState = (typeof joinStates)[number];

export const authProvidersResponseSchema = z.object({
  providers: z.array(z.object({ id: providerIdSchema })),
});

export const signInQuerySchema = z.strictObject({
  // Not safeText: an unsafe return path (control characters included) falls back to the default
  // (isSafeReturnPath), so a sign-in still starts; it never reaches the database as sent.
  returnTo: z.string().max(2000).optional(),
});

/** `:provider` of the sign-in routes; an unknown id is answered 404 `auth.provider_unknown`, not 400. */
export const providerParamsSchema = z.strictObject({
  provider: safeText(40, { min: 1 }),
});

/**
 * The provider's authorization response. Not strict: providers add parameters of their own
 * (Google sends `scope`, `authuser`, `prompt`, `hd`), which are dropped rather than refused.
 */
export const callbackQuerySchema = z.object({
  code: safeText(4000).optional(),
  state: safeText(500).optional(),
  error: safeText(500).optional(),
  error_description: safeText(2000).optional(),
  iss: safeText(2000).optional(),
});

/** Apple's form_post callback body; `user` (name and email as JSON) comes on the first sign-in only. */
export const appleCallbackBodySchema = callbackQuerySchema.extend({
  user: safeText(4000).optional(),
});

/** A sign-in step answers with a redirect (Location header) and no body. */
export const redirectResponseSchema = z.null().describe('Redirect: see the Location header');

export const meResponseSchema = z.object({
  id: z.string(),
  nickname: z.string().nullable(),
  joinState: z.enum(joinStates),
  language: languageSchema,
  currency: currencySchema,
  hasUnreadNotification: z.boolean(),
  roles: z.array(z.enum(roles)),
});
export type Me = z.infer<typeof meResponseSchema>;

export const okResponseSchema = z.object({ ok: z.literal(true) });

export { isSafeReturnPath } from './return-path.ts';
