/**
 * The operator console's sections, each at its own route `/ops/{section}` (decision 053). Kept out
 * of the console's chunk so the route can check a section without loading the console.
 */
export const opsSections = ['requests', 'ads', 'events', 'reports', 'inquiries', 'faq', 'refunds', 'mails', 'clock'] as const;
export type OpsSection = (typeof opsSections)[number];

export function isOpsSection(value: string | undefined): value is OpsSection {
  return (opsSections as readonly string[]).includes(value ?? '');
}
