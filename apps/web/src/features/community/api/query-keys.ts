/** Every community query lives under `['community']`, so a report decision can refresh them all. */
export const communityQueryKeys = {
  all: ['community'] as const,
  comments: (projectId: number) => ['community', 'comments', projectId] as const,
  reports: (status: 'open' | 'handled') => ['community', 'reports', status] as const,
};
