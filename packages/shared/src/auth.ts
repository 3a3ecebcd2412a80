import { z } from 'zod';
import { currencySchema, languageSchema } from './locale.ts';

export const providerIds = ['x', 'google', 'apple', 'dev'] as const;
export type ProviderId = (typeof providerIds)[number];
export const providerIdSchema = z.enum(providerIds);

export const roles = ['operator'] as const;
export type Role = (typeof roles)[number];

/** Where a new account stands in the two-step join (spec §2 Join). */
export const joinStates = ['agreements', 'artists', 'joined'] as const;
export type JoinState = (typeof joinStates)[number];

export const authProvidersResponseSchema = z.object({
  providers: z.array(z.object({ id: providerIdSchema })),
});

export const signInQuerySchema = z.strictObject({
  returnTo: z.string().max(2000).optional(),
});

/** `:provider` of the sign-in routes; an unknown id is answered 404 `auth.provider_unknown`, not 400. */
export const providerParamsSchema = z.strictObject({
  provider: z.string().min(1).max(40),
});

/**
 * The provider's authorization response. Not strict: providers add parameters of their own
 * (Google sends `scope`, `authuser`, `prompt`, `hd`), which are dropped rather than refused.
 */
export const callbackQuerySchema = z.object({
  code: z.string().max(4000).optional(),
  state: z.string().max(500).optional(),
  error: z.string().max(500).optional(),
  error_description: z.string().max(2000).optional(),
  iss: z.string().max(2000).optional(),
});

/** Apple's form_post callback body; `user` (name and email as JSON) comes on the first sign-in only. */
export const appleCallbackBodySchema = callbackQuerySchema.extend({
  user: z.string().max(4000).optional(),
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
