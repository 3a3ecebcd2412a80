import { defaultLanguage, isLanguage, type Language } from '@orchard/shared/locale-codes';

/**
 * The language texts are answered in (docs/product.md#languages): an explicit `lang` first, then
 * the signed-in user's setting, then the browser's Accept-Language (by its q order), else Korean.
 */
export function resolveLanguage(input: { lang?: Language; userLanguage?: string | null; acceptLanguage?: string }): Language {
  if (input.lang) return input.lang;
  if (isLanguage(input.userLanguage)) return input.userLanguage;
  return fromAcceptLanguage(input.acceptLanguage) ?? defaultLanguage;
}

/** The first supported primary tag of an Accept-Language header, highest q first. */
export function fromAcceptLanguage(header: string | undefined): Language | undefined {
  if (!header) return undefined;
  const ranked = header
    .slice(0, 500)
    .split(',')
    .map((part, order) => {
      const [tag = '', ...parameters] = part.trim().split(';');
      const q = parameters.map((parameter) => parameter.trim()).find((parameter) => parameter.startsWith('q='));
      const quality = q === undefined ? 1 : Number(q.slice(2));
      return { primary: tag.trim().toLowerCase().split('-')[0] ?? '', quality: Number.isFinite(quality) ? quality : 0, order };
    })
    .filter((entry) => entry.quality > 0)
    .sort((a, b) => b.quality - a.quality || a.order - b.order);
  return ranked.map((entry) => entry.primary).find(isLanguage);
}
