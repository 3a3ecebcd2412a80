/** Every media-catalogue query lives under `['media']`; the catalogue is configuration, so it stays fresh for long. */
export const mediaQueryKeys = {
  all: ['media'] as const,
  list: (filter: { packageId?: string; ids?: readonly number[]; language: string }) => ['media', 'list', filter] as const,
  detail: (mediaId: number, language: string) => ['media', 'detail', mediaId, language] as const,
  packages: (language: string) => ['media', 'packages', language] as const,
};

/** The catalogue changes with an operator's edit, not while a screen is open. */
export const catalogueStaleTimeMs = 10 * 60 * 1000;
