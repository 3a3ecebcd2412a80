/**
 * The interface languages and display currencies (docs/product.md#languages, docs/product.md#currencies), free of zod so the web entry can
 * import them at run time (`@orchard/shared/locale-codes`) without pulling the schemas in.
 */
export const languages = ['ko', 'en', 'zh', 'ja', 'es'] as const;
export type Language = (typeof languages)[number];

export const currencies = ['KRW', 'USD', 'JPY'] as const;
export type Currency = (typeof currencies)[number];

/** docs/product.md#languages: the persisted setting defaults to ko and KRW. */
export const defaultLanguage: Language = 'ko';
export const defaultCurrency: Currency = 'KRW';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (languages as readonly string[]).includes(value);
}

export function isCurrency(value: unknown): value is Currency {
  return typeof value === 'string' && (currencies as readonly string[]).includes(value);
}
