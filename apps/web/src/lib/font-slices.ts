/**
 * The font files among a stylesheet's `@font-face` rules whose `unicode-range` covers at least one
 * character of `text`, in the stylesheet's order: the slices a page with that text downloads. The
 * build names them in each prerendered page (scripts/prerender.ts), so a first visit can put them
 * in the cache without applying the stylesheet (lib/fonts.ts, `startFontsFor`).
 */
export function fontSlicesFor(css: string, text: string): string[] {
  const codePoints = new Set([...text].map((character) => character.codePointAt(0)!));
  const slices: string[] = [];
  for (const [, rule] of css.matchAll(/@font-face\s*\{([^}]*)\}/g)) {
    const file = /url\(\s*['"]?([^'")]+)['"]?\s*\)/.exec(rule!)?.[1];
    const ranges = /unicode-range\s*:\s*([^;]+)/.exec(rule!)?.[1];
    if (!file || !ranges) continue;
    const covered = ranges.split(',').map(parseUnicodeRange);
    if ([...codePoints].some((codePoint) => covered.some(([from, to]) => codePoint >= from && codePoint <= to))) slices.push(file);
  }
  return slices;
}

/** `U+AC00-D7A3`, `U+20`, or `U+4??` (a wildcard range) as its first and last code point. */
function parseUnicodeRange(range: string): [number, number] {
  const [from, to = from] = range.trim().replace(/^u\+/i, '').split('-') as [string, string?];
  return [Number.parseInt(from.replaceAll('?', '0'), 16), Number.parseInt(to.replaceAll('?', 'f'), 16)];
}

const entities: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#x27': "'", '#39': "'", nbsp: '\u00a0' };

/** The text a rendered page shows (its markup dropped, its entities read), for `fontSlicesFor`. */
export function textOfHtml(html: string): string {
  return html.replace(/<[^>]*>/g, ' ').replace(/&(#?\w+);/g, (entity, name: string) => entities[name] ?? entity);
}
