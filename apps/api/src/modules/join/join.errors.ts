import type { AgreementKind } from '@orchard/shared';
import { conflict, unprocessable } from '../../lib/errors.ts';

export const alreadyJoined = () => conflict('auth.already_joined', 'This account has already joined.');
export const termsMissing = () => conflict('join.terms_missing', 'Agree to the terms first.');
export const termsRequired = (missing: AgreementKind[]) =>
  unprocessable('join.terms_required', 'The service, privacy and unique-identification agreements are required.', { missing });
