import { Link } from 'react-router';
import { paths } from '../../lib/paths.ts';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../components/ui/primitives.tsx';
import { PageFrame } from '../shell/page-frame.tsx';

export default function NotFoundPage() {
  const { t } = useTranslation('common');
  return (
    <PageFrame title={t('notFound.title')}>
      <EmptyState
        message={t('notFound.message')}
        action={
          <Link to={paths.home} className="button button--secondary">
            {t('notFound.home')}
          </Link>
        }
      />
    </PageFrame>
  );
}
