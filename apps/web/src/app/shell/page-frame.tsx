import type { ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/ui/primitives.tsx';
import { paths } from '../../lib/paths.ts';

/**
 * Whether "back" has an earlier screen of this app to go to. The router marks the entry the app
 * was opened on with the key "default"; a deep link opened in a new tab starts there, and the
 * browser's history before it (a new-tab page, another site) is not the app's to go back to.
 */
export function canGoBackInApp(locationKey: string): boolean {
  return locationKey !== 'default';
}

/** A page's frame: the title bar (with a way back unless it is a top-level tab) and its content. */
export function PageFrame({ title, withBack = true, children }: { title: string; withBack?: boolean; children: ReactNode }) {
  const { t } = useTranslation('common');
  const navigate = useNavigate();
  const { key } = useLocation();
  const goBack = () => void (canGoBackInApp(key) ? navigate(-1) : navigate(paths.home));
  return (
    <div className="page">
      <PageHeader title={title} backLabel={t('actions.back')} onBack={withBack ? goBack : undefined} />
      <div className="page__content">{children}</div>
    </div>
  );
}
