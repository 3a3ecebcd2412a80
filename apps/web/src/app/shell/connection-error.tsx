import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { RetryNotice } from '../../components/ui/retry-notice.tsx';

/** While the browser says it is online, how long to wait before asking again by itself. */
export const connectionRetryDelayMs = 5000;

/**
 * No answer arrived (offline, a dropped connection, a server too slow to answer): say so and offer
 * a retry, and retry by itself as soon as the browser is online again, or after a pause when it
 * already is. Never the "please log in" dialog: nothing says the session has ended
 * (docs/architecture.md#web).
 */
export function ConnectionError({ onRetry, retrying = false }: { onRetry(): void; retrying?: boolean }) {
  const { t } = useTranslation('common');
  useEffect(() => {
    window.addEventListener('online', onRetry);
    return () => window.removeEventListener('online', onRetry);
  }, [onRetry]);
  useEffect(() => {
    if (retrying || !navigator.onLine) return;
    const timer = window.setTimeout(onRetry, connectionRetryDelayMs);
    return () => window.clearTimeout(timer);
  }, [onRetry, retrying]);
  return <RetryNotice title={t('connection.title')} message={t('connection.message')} retryLabel={t('actions.retry')} onRetry={onRetry} retrying={retrying} />;
}
