import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { RetryNotice } from '../../components/ui/retry-notice.tsx';

/**
 * No answer arrived (offline, a dropped connection): say so and offer a retry, and retry by itself
 * as soon as the browser is online again. Never the "please log in" dialog: nothing says the
 * session has ended (docs/architecture.md#web).
 */
export function ConnectionError({ onRetry, retrying = false }: { onRetry(): void; retrying?: boolean }) {
  const { t } = useTranslation('common');
  useEffect(() => {
    window.addEventListener('online', onRetry);
    return () => window.removeEventListener('online', onRetry);
  }, [onRetry]);
  return <RetryNotice title={t('connection.title')} message={t('connection.message')} retryLabel={t('actions.retry')} onRetry={onRetry} retrying={retrying} />;
}
