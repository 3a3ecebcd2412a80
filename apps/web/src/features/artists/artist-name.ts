import type { Artist, Language } from '@orchard/shared';

/** The artist's name in the interface language, English when it has none. */
export function artistName(artist: Pick<Artist, 'names'>, language: Language): string {
  return artist.names[language] || artist.names.en;
}
