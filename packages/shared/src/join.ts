import { z } from 'zod';
import { nicknameInputSchema } from './nickname.ts';

export { currentTermsVersion } from './terms.ts';

export const agreementKinds = ['service', 'privacy', 'uniqueIdentification', 'marketing'] as const;
export type AgreementKind = (typeof agreementKinds)[number];
export const requiredAgreements: readonly AgreementKind[] = ['service', 'privacy', 'uniqueIdentification'];

export const joinAgreementsBodySchema = z.strictObject({
  service: z.boolean(),
  privacy: z.boolean(),
  uniqueIdentification: z.boolean(),
  /** Optional agreement (docs/product.md#accounts): absent means not given. */
  marketing: z.boolean().optional(),
});
export type JoinAgreements = z.infer<typeof joinAgreementsBodySchema>;

export const joinCompleteBodySchema = z.strictObject({
  artistIds: z.array(z.number().int().positive().max(2_147_483_647)).max(100),
  /** The nickname the fan chose at join (docs/product.md#accounts); absent keeps the one the account has. */
  nickname: nicknameInputSchema.optional(),
});

export const joinStateResponseSchema = z.object({
  joinState: z.enum(['agreements', 'artists', 'joined']),
  termsVersion: z.string(),
});
