import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/ui/primitives.tsx';

/** A page's frame: the title bar (with a way back unless it is a top-level tab) and its content. */
export function PageFrame({ title, withBack = true, children }: { title: string; withBack?: boolean; children: ReactNode }) {
  const { t } = useTranslation('common');
  const navigate = useNavigate();
  const goBack = () => (window.history.length > 1 ? navigate(-1) : navigate('/'));
  return (
    <div className="page">
      <PageHeader title={title} backLabel={t('actions.back')} onBack={withBack ? goBack : undefined} />
      <div className="page__content">{children}</div>
    </div>
  );
}
