/**
 * Preferences have no queries of their own (the persisted setting is the client's); the one write
 * carries this key, so a screen can ask whether a change is still on its way.
 */
export const preferencesQueryKeys = {
  all: ['preferences'] as const,
  currencyAndLanguage: ['preferences', 'currency-and-language'] as const,
};
