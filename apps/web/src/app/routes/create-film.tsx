import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '../paths.ts';
import { FilmIcon } from '../../components/ui/icons.tsx';
import { EmptyState } from '../../components/ui/primitives.tsx';
import { LoginRequiredPrompt } from '../../features/auth/components/login-required-prompt.tsx';
import { isSignedIn, useUserInfoStore } from '../../lib/stores/user-info.ts';
import { PageFrame } from '../shell/page-frame.tsx';

/**
 * The create-film route (docs/decisions/008-web-app-shell.md). Posting films is not built yet: the
 * page says so and what it will be, rather than "no films yet", which reads as an empty list of
 * one's own films. Posting will need a session, so signed out it asks to log in first.
 */
export default function CreateFilmPage() {
  const { t } = useTranslation('film');
  const signedIn = useUserInfoStore(isSignedIn);
  return (
    <PageFrame title={t('create.title')}>
      {signedIn ? (
        <EmptyState
          icon={<FilmIcon width={32} height={32} />}
          message={t('create.comingSoon')}
          action={
            <Link to={paths.film} className="button button--secondary">
              {t('create.seeFilms')}
            </Link>
          }
        />
      ) : (
        <LoginRequiredPrompt />
      )}
    </PageFrame>
  );
}
