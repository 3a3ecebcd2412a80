/** Every search lives under `['search']`, so a follow from the results can refresh them. */
export const searchQueryKeys = {
  all: ['search'] as const,
  /** Names come in the viewer's language, so each language has its own entry. */
  results: (search: string, language: string) => ['search', search, language] as const,
};
