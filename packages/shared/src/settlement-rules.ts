/**
 * The settlement of a project (docs/product.md#funding-close, decision 107): which statuses have
 * closed, so that the API publishes a settlement and the web shows its section by one rule. Zod-free,
 * so the web imports it without the schemas.
 */

/**
 * Statuses after the close: the goal was reached (succeeded, then running and awarded once the ad
 * starts and is proven), not reached (failed), or an operator cancelled the succeeded project.
 */
export const closedStatuses = ['succeeded', 'failed', 'cancelled', 'running', 'awarded'] as const;
export type ClosedStatus = (typeof closedStatuses)[number];

/** Whether a project in this status has closed its funding. */
export function hasClosed(status: string): status is ClosedStatus {
  return (closedStatuses as readonly string[]).includes(status);
}

/**
 * Whether a project has a settlement to publish: it was created (a request cancelled before its
 * creation never took a point) and its funding has closed.
 */
export function hasSettlement<Project extends { status: string; createdAt: string | Date | null }>(project: Project): project is Project & { status: ClosedStatus } {
  return project.createdAt !== null && hasClosed(project.status);
}

/** What an ongoing project's surplus above the goal became (docs/product.md#limited-and-ongoing); `none` for everything else. */
export const surplusUses = ['extra_rewards', 'none'] as const;
export type SurplusUse = (typeof surplusUses)[number];
