import { languages, type Language } from '@orchard/shared';

/** The first supported language of an Accept-Language header (only its first ten entries are read), or null. */
export function languageFromAcceptLanguage(header: string | string[] | undefined): Language | null {
  if (typeof header !== 'string') return null;
  for (const part of header.split(',').slice(0, 10)) {
    const primary = part.trim().split(';')[0]!.split('-')[0]!.toLowerCase();
    if ((languages as readonly string[]).includes(primary)) return primary as Language;
  }
  return null;
}
