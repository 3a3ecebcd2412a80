import type { PointCurrency } from '@orchard/shared/points-rules';

/** Every points query lives under `['points']`, so a write that moves points can refresh them all. */
export const pointsQueryKeys = {
  all: ['points'] as const,
  balances: ['points', 'balances'] as const,
  packages: ['points', 'packages'] as const,
  charge: (chargeId: string) => ['points', 'charges', chargeId] as const,
  history: (currency: PointCurrency, tab: string) => ['points', 'history', currency, tab] as const,
  receipt: (chargeId: string) => ['points', 'charges', chargeId, 'receipt'] as const,
  statement: (year: number) => ['points', 'statement', year] as const,
};
