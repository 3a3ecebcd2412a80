import type { Project, ProjectStatus } from '@orchard/shared';
import { paths } from '../../../app/paths.ts';

/** The creator's status screens before creation, by the word in their path. */
export const infoDetailStatuses = ['pending', 'approved', 'rejected', 'cancelled'] as const;
export type InfoDetailStatus = (typeof infoDetailStatuses)[number];

/** The status screen a project before creation has; null once created (it has its own page then). */
export function infoDetailStatusOf(project: Pick<Project, 'status' | 'createdAt'>): InfoDetailStatus | null {
  const byStatus: Partial<Record<ProjectStatus, InfoDetailStatus>> = { requested: 'pending', approved: 'approved', rejected: 'rejected' };
  if (project.status === 'cancelled' && project.createdAt === null) return 'cancelled';
  return byStatus[project.status] ?? null;
}

/** Where a project in a list leads: its status screen before creation, its page after. */
export function projectLink(project: Pick<Project, 'id' | 'status' | 'createdAt'>): string {
  const status = infoDetailStatusOf(project);
  return status ? paths.projectInfoDetail(status, project.id) : paths.project(project.id);
}
