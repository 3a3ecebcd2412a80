import { z } from 'zod';
import { currencies, languages } from './locale-codes.ts';

export { currencies, defaultCurrency, defaultLanguage, languages, type Currency, type Language } from './locale-codes.ts';
export const languageSchema = z.enum(languages);
export const currencySchema = z.enum(currencies);

/** A name given in all five interface languages. */
export const localizedNameSchema = z.strictObject({
  ko: z.string().min(1).max(100),
  en: z.string().min(1).max(100),
  zh: z.string().min(1).max(100),
  ja: z.string().min(1).max(100),
  es: z.string().min(1).max(100),
});
export type LocalizedName = z.infer<typeof localizedNameSchema>;
