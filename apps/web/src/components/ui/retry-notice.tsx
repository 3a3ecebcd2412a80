import type { ReactNode } from 'react';
import { Button } from './primitives.tsx';

/**
 * Something could not be loaded, and trying again may help: the reason and a retry button.
 * `role="alert"` so a screen reader hears it when it replaces the content.
 */
export function RetryNotice({ icon, title, message, retryLabel, onRetry, retrying = false }: { icon?: ReactNode; title?: string; message: string; retryLabel: string; onRetry(): void; retrying?: boolean }) {
  return (
    <div className="empty-state" role="alert">
      {icon ? (
        <span className="empty-state__icon" aria-hidden="true">
          {icon}
        </span>
      ) : null}
      {title ? <h2 className="section-title">{title}</h2> : null}
      <p className="empty-state__message">{message}</p>
      <Button variant="secondary" onClick={onRetry} disabled={retrying}>
        {retryLabel}
      </Button>
    </div>
  );
}
