import { useTranslation } from 'react-i18next';
import { useOnline } from '../../lib/online-status.ts';
import './offline-banner.css';

/**
 * While the browser is offline (docs/decisions/063-offline.md): what still works (pages already
 * loaded) and what does not (anything sent), announced once as a status.
 */
export function OfflineBanner() {
  const { t } = useTranslation('common');
  const online = useOnline();
  if (online) return null;
  return (
    <div className="offline-banner" role="status">
      <strong className="offline-banner__title">{t('offline.banner.title')}</strong>
      <span>{t('offline.banner.body')}</span>
    </div>
  );
}
