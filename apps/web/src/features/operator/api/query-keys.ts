/** The operator console's queries, under `['operator']`. */
export const operatorQueryKeys = {
  all: ['operator'] as const,
  requests: ['operator', 'project-requests'] as const,
  testClock: ['operator', 'test-clock'] as const,
  mails: ['operator', 'mails'] as const,
  cancellationPreview: (projectId: number) => ['operator', 'cancellation-preview', projectId] as const,
  chargeSearch: (query: string) => ['operator', 'charges', query] as const,
  guardianRefund: (chargeId: string) => ['operator', 'guardian-refund', chargeId] as const,
};
