import type { Currency, Language } from '@orchard/shared';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/http.ts';
import { preferencesQueryKeys } from './query-keys.ts';

/** docs/product.md#screens: one field per call. */
export type CurrencyOrLanguageChange = { language: Language } | { currency: Currency };

export function patchCurrencyAndLanguage(change: CurrencyOrLanguageChange): Promise<unknown> {
  return apiRequest('/users/user-profile/currency-and-language', { method: 'PATCH', body: change });
}

/** docs/product.md#screens: a failure is only logged (the http client logs every failure). */
export function useUpdateCurrencyAndLanguage() {
  return useMutation({ mutationKey: preferencesQueryKeys.currencyAndLanguage, mutationFn: patchCurrencyAndLanguage });
}
