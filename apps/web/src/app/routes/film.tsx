import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Tabs } from '../../components/ui/primitives.tsx';
import { FilmFeed } from '../../features/films/index.ts';
import { LoginRequiredPrompt } from '../../features/auth/components/login-required-prompt.tsx';
import { isSignedIn, useUserInfoStore } from '../../lib/stores/user-info.ts';
import { paths } from '../../lib/paths.ts';
import { PageFrame } from '../shell/page-frame.tsx';

const filmTabs = ['all', 'following'] as const;
type FilmTab = (typeof filmTabs)[number];

/** The Film tab (docs/product.md#films): every film newest first, or the films of the artists the fan follows (`?tab=following`). */
export default function FilmPage() {
  const { t } = useTranslation('film');
  const signedIn = useUserInfoStore(isSignedIn);
  const [params, setParams] = useSearchParams();
  const tab: FilmTab = params.get('tab') === 'following' ? 'following' : 'all';
  return (
    <PageFrame title={t('title')} withBack={false}>
      <div className="stack">
        <Link to={paths.createFilm} className="button button--primary button--block">
          {t('create.cta')}
        </Link>
        <Tabs
          label={t('list.tabsLabel')}
          idPrefix="film"
          items={filmTabs.map((value) => ({ value, label: t(`list.tabs.${value}`) }))}
          value={tab}
          onChange={(value) => setParams(value === 'all' ? {} : { tab: value }, { replace: true })}
        />
        <div id="film-panel" role="tabpanel" aria-labelledby={`film-tab-${tab}`}>
          {tab === 'all' ? (
            <FilmFeed params={{}} emptyMessage={t('empty')} />
          ) : signedIn ? (
            <FilmFeed params={{ following: true }} emptyMessage={t('list.emptyFollowing')} />
          ) : (
            <LoginRequiredPrompt />
          )}
        </div>
      </div>
    </PageFrame>
  );
}
