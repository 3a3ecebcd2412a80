import type { Project, ProjectStatus } from '@orchard/shared';
import { paths } from '../../../../lib/paths.ts';

/**
 * The words of the creator's status screens, one per status of docs/product.md#projects (a request
 * is "Pending" to its creator). The screen itself follows the project's status, whatever the word.
 */
export const infoDetailStatuses = ['pending', 'approved', 'rejected', 'cancelled', 'created', 'funding', 'succeeded', 'failed', 'running', 'awarded'] as const;
export type InfoDetailStatus = (typeof infoDetailStatuses)[number];

/** The word of a project's status screen. */
export function infoDetailStatusOf(project: Pick<Project, 'status'>): InfoDetailStatus {
  const status: ProjectStatus = project.status;
  return status === 'requested' ? 'pending' : status;
}

/** The creator's status screen of a project, at every status. */
export function projectStatusLink(project: Pick<Project, 'id' | 'status'>): string {
  return paths.projectInfoDetail(infoDetailStatusOf(project), project.id);
}

/** Where a project in a list leads: its status screen before creation (it has no page yet), its page after. */
export function projectLink(project: Pick<Project, 'id' | 'status' | 'createdAt'>): string {
  return project.createdAt === null ? projectStatusLink(project) : paths.project(project.id);
}
