import { useEffect } from 'react';
import { useLanguageAndCurrencyStore } from '../../../lib/stores/language-and-currency.ts';
import { isSignedIn, useUserInfoStore } from '../../../lib/stores/user-info.ts';
import { useUpdateCurrencyAndLanguage } from '../api/update-currency-and-language.ts';
import { useUnsentChoicesStore } from '../stores/unsent-choices.ts';

/**
 * docs/product.md#accounts: a language or currency chosen while signed out is sent once the user is
 * signed in, one field per call, as the sheet sends it. A failed save is only logged (docs/product.md#screens).
 */
export function useSendSignedOutChoices() {
  const signedIn = useUserInfoStore(isSignedIn);
  const fields = useUnsentChoicesStore((state) => state.fields);
  const clear = useUnsentChoicesStore((state) => state.clear);
  const { mutate } = useUpdateCurrencyAndLanguage();
  useEffect(() => {
    if (!signedIn || fields.length === 0) return;
    const { language, currency } = useLanguageAndCurrencyStore.getState();
    clear();
    for (const field of fields) mutate(field === 'language' ? { language } : { currency });
  }, [signedIn, fields, clear, mutate]);
}
