import { z } from 'zod';

export const languages = ['ko', 'en', 'zh', 'ja', 'es'] as const;
export type Language = (typeof languages)[number];
export const languageSchema = z.enum(languages);

export const currencies = ['KRW', 'USD', 'JPY'] as const;
export type Currency = (typeof currencies)[number];
export const currencySchema = z.enum(currencies);

export const defaultLanguage: Language = 'ko';
export const defaultCurrency: Currency = 'KRW';

/** A name given in all five interface languages. */
export const localizedNameSchema = z.strictObject({
  ko: z.string().min(1).max(100),
  en: z.string().min(1).max(100),
  zh: z.string().min(1).max(100),
  ja: z.string().min(1).max(100),
  es: z.string().min(1).max(100),
});
export type LocalizedName = z.infer<typeof localizedNameSchema>;
