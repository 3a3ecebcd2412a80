import { Component, useEffect, type ErrorInfo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, EmptyState } from '../../components/ui/primitives.tsx';
import { RetryNotice } from '../../components/ui/retry-notice.tsx';
import { OfflineChunkError, retryFailedPages } from '../lazy-page.ts';

function RouteErrorMessage() {
  const { t } = useTranslation('common');
  return (
    <EmptyState
      message={t('errors.pageFailed')}
      action={
        <Button variant="secondary" onClick={() => window.location.reload()}>
          {t('actions.reload')}
        </Button>
      }
    />
  );
}

/** The app's own offline message (never the browser's error page); it tries again by itself once online. */
function OfflineMessage({ onRetry }: { onRetry(): void }) {
  const { t } = useTranslation('common');
  useEffect(() => {
    window.addEventListener('online', onRetry);
    // The connection may have come back between the failure and this effect: its event is gone.
    if (navigator.onLine) onRetry();
    return () => window.removeEventListener('online', onRetry);
  }, [onRetry]);
  return <RetryNotice title={t('offline.title')} message={t('offline.message')} retryLabel={t('actions.retry')} onRetry={onRetry} />;
}

type Failure = 'offline' | 'failed' | null;

/**
 * A page that could not load shows a way out, not a blank screen: offline, the offline message
 * with retry (the page is loaded again in place); otherwise (its chunk failed twice, or it threw)
 * a reload.
 */
export class RouteErrorBoundary extends Component<{ children: ReactNode; resetKey: string }, { failure: Failure }> {
  override state: { failure: Failure } = { failure: null };

  static getDerivedStateFromError(error: unknown): { failure: Failure } {
    return { failure: error instanceof OfflineChunkError ? 'offline' : 'failed' };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    // Being offline is no fault of the app: nothing to log.
    if (!(error instanceof OfflineChunkError)) console.error('[page]', error, info.componentStack);
  }

  override componentDidUpdate(previous: { resetKey: string }) {
    if (previous.resetKey !== this.props.resetKey && this.state.failure) this.setState({ failure: null });
  }

  private readonly retry = () => {
    retryFailedPages();
    this.setState({ failure: null });
  };

  override render() {
    if (!this.state.failure) return this.props.children;
    return <div className="page page--padded">{this.state.failure === 'offline' ? <OfflineMessage onRetry={this.retry} /> : <RouteErrorMessage />}</div>;
  }
}
