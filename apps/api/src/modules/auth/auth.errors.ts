import { conflict, notFound, unprocessable } from '../../lib/errors.ts';

export const providerUnknown = () => notFound('auth.provider_unknown', 'There is no such sign-in provider.');
export const providerDisabled = () => notFound('auth.provider_disabled', 'This sign-in provider is not offered here.');
export const xAlreadyLinked = () => conflict('auth.x_already_linked', 'An X account is already linked. Disconnect it first.');
export const xNotLinked = () => notFound('users.x_not_linked', 'No X account is linked.');
export const lastIdentity = () =>
  unprocessable('users.last_identity', 'X is the only way to sign in to this account, so it cannot be disconnected.');
