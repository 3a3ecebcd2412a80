import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { FilmIcon } from '../../components/ui/icons.tsx';
import { EmptyState } from '../../components/ui/primitives.tsx';
import { paths } from '../paths.ts';
import { PageFrame } from '../shell/page-frame.tsx';

export default function FilmPage() {
  const { t } = useTranslation('film');
  return (
    <PageFrame title={t('title')} withBack={false}>
      <EmptyState
        icon={<FilmIcon width={32} height={32} />}
        message={t('empty')}
        action={
          <Link to={paths.createFilm} className="button button--secondary">
            {t('create.cta')}
          </Link>
        }
      />
    </PageFrame>
  );
}
