import { useTranslation } from 'react-i18next';
import { FilmIcon } from '../../components/ui/icons.tsx';
import { EmptyState } from '../../components/ui/primitives.tsx';
import { LoginRequiredPrompt } from '../../features/auth/components/login-required-prompt.tsx';
import { isSignedIn, useUserInfoStore } from '../../lib/stores/user-info.ts';
import { PageFrame } from '../shell/page-frame.tsx';

/** The create-film route (docs/decisions/008-web-app-shell.md); posting needs login (spec §6). */
export default function CreateFilmPage() {
  const { t } = useTranslation('film');
  const signedIn = useUserInfoStore(isSignedIn);
  return (
    <PageFrame title={t('create.title')}>
      {signedIn ? <EmptyState icon={<FilmIcon width={32} height={32} />} message={t('create.emptyMine')} /> : <LoginRequiredPrompt />}
    </PageFrame>
  );
}
