import type { ProjectStatus } from '@orchard/shared';
import { useTranslation } from 'react-i18next';
import './status-badge.css';

/**
 * A project's status as a badge: each status has a colour of its own (tokens.css, --status-*), so
 * pending, funding, failed and awarded never look alike. `label` replaces the status's own name
 * where a screen says more (the creator's status page: "Cancelled" by the fan or the operator).
 */
export function StatusBadge({ status, label }: { status: ProjectStatus; label?: string }) {
  // In common, so a list of cards on any page shows statuses without loading another namespace.
  const { t } = useTranslation('common');
  return (
    <span className={`status-badge status-badge--${status}`} data-status={status}>
      {label ?? t(`common:projectStatuses.${status}`)}
    </span>
  );
}
