import type { RankingMeasure } from '@orchard/shared';
import { useEffect, useMemo, useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { MegaphoneIcon, StarIcon } from '../../components/ui/icons.tsx';
import { Tabs } from '../../components/ui/primitives.tsx';
import { ArtistRanking } from '../../features/artists/components/artist-ranking.tsx';
import type { ProjectListParams } from '../../features/projects/api/get-projects.ts';
import { ProjectFeed } from '../../features/projects/components/list/project-feed.tsx';
import { TopProjects } from '../../features/projects/components/list/top-projects.tsx';
import { useFollowingArtists } from '../../features/users/api/get-following-artists.ts';
import { isSignedIn, useUserInfoStore } from '../../lib/stores/user-info.ts';
import { paths } from '../../lib/paths.ts';
import { loginReturningTo } from '../../lib/return-path.ts';
import './home.css';
import { FilmFeed } from '../../features/films/index.ts';

const homeTabs = ['following', 'ranking', 'nowFunding', 'films', 'awarded'] as const;

type HomeTab = (typeof homeTabs)[number];

/**
 * On a phone the tabs sit under the hero and the Top 10, so a tapped tab changed only what lies
 * below the fold (issue 32): when the panel starts in the lower half of the screen, the page
 * scrolls the tab strip up under the header.
 */
function revealPanelBelowTheFold() {
  const panel = document.getElementById('home-panel');
  const strip = panel?.previousElementSibling;
  if (!panel || !strip || panel.getBoundingClientRect().top < window.innerHeight / 2) return;
  const headerBottom = document.querySelector('.app-header')?.getBoundingClientRect().bottom ?? 0;
  window.scrollBy({ top: strip.getBoundingClientRect().top - headerBottom });
}

/** docs/product.md#discovery: funding projects, closing soonest first. */
const fundingParams: ProjectListParams = { status: 'funding', sort: 'deadline' };
const followedFundingParams: ProjectListParams = { ...fundingParams, following: true };
const awardedParams: ProjectListParams = { status: 'awarded', sort: 'latest' };
/** The list rows the first screen shows at 375 × 812 below the Top 10: their pictures load at once. */
const rowsOnFirstScreen = 1;

function homeTabOf(value: string | null): HomeTab {
  return (homeTabs as readonly string[]).includes(value ?? '') ? (value as HomeTab) : 'following';
}

/** The way to sign in, coming back to Home, for a signed-out fan on the Following tab. */
function SignInOffer() {
  const { t } = useTranslation('home');
  return (
    <section className="home-sign-in" aria-labelledby="home-sign-in-title">
      <span className="home-sign-in__icon" aria-hidden="true">
        <StarIcon width={24} height={24} />
      </span>
      <h2 id="home-sign-in-title" className="home-sign-in__title">
        {t('home:signIn.title')}
      </h2>
      <p className="home-sign-in__message">{t('home:signIn.message')}</p>
      <Link to={loginReturningTo(paths.home)} className="button button--primary">
        {t('home:signIn.cta')}
      </Link>
    </section>
  );
}

/**
 * Following (docs/product.md#discovery): the followed artists' funding projects closing soonest
 * first, then the other funding projects under a heading of their own. Signed out, the sign-in
 * offer and every funding project.
 */
function FollowingPanel() {
  const { t } = useTranslation('home');
  const signedIn = useUserInfoStore(isSignedIn);
  const followed = useFollowingArtists({ enabled: signedIn });
  const followedIds = useMemo(() => new Set(followed.data?.items.map((artist) => artist.id)), [followed.data]);
  if (!signedIn) {
    return (
      <>
        <SignInOffer />
        <h2 id="home-all-funding-title" className="section-title">
          {t('home:following.allFunding')}
        </h2>
        <ProjectFeed params={fundingParams} labelledBy="home-all-funding-title" emptyMessage={t('home:empty.funding')} />
      </>
    );
  }
  return (
    <>
      <h2 id="home-followed-title" className="section-title">
        {t('home:following.mine')}
      </h2>
      <ProjectFeed
        params={followedFundingParams}
        labelledBy="home-followed-title"
        eagerCount={rowsOnFirstScreen}
        emptyMessage={t('home:empty.following')}
        emptyAction={
          <Link to={paths.artistList} className="button button--secondary">
            {t('home:searchArtists')}
          </Link>
        }
      />
      <h2 id="home-others-title" className="section-title">
        {t('home:following.others')}
      </h2>
      {/* Until the followed artists are known, the others cannot be told apart; if they cannot be had, every funding project is shown. */}
      {followed.isPending ? null : (
        <ProjectFeed params={fundingParams} labelledBy="home-others-title" excludeArtistIds={followedIds} emptyMessage={t('home:empty.others')} />
      )}
    </>
  );
}

/**
 * Home (docs/product.md#discovery), signed in or out: the Top 10 above the tabs Following, Ranking,
 * Now Funding, Films and Awarded. The open tab (and the ranking's measure) live in the address, so
 * Back returns to them. Every list waits for the app: the prerendered first screen (decision 012)
 * shows the hero, the tabs and the lists' skeletons.
 */
export default function HomePage() {
  const { t } = useTranslation(['home', 'common']);
  const [searchParams, setSearchParams] = useSearchParams();
  const tab = homeTabOf(searchParams.get('tab'));
  const by: RankingMeasure = searchParams.get('by') === 'backers' ? 'backers' : 'orange';
  const tappedTab = useRef(false);
  useEffect(() => {
    if (!tappedTab.current) return;
    tappedTab.current = false;
    revealPanelBelowTheFold();
  }, [tab]);
  const setParams = (changes: Record<string, string | null>) =>
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(changes)) {
          if (value === null) next.delete(key);
          else next.set(key, value);
        }
        return next;
      },
      { replace: true },
    );
  return (
    <div className="page">
      <section className="home-hero">
        <h1 className="home-hero__title">{t('home:hero.title')}</h1>
        <p className="home-hero__lead">{t('home:hero.lead')}</p>
        <Link to={paths.requestProject} className="button button--primary">
          <MegaphoneIcon width={20} height={20} />
          <span>{t('home:hero.cta')}</span>
        </Link>
      </section>
      <section className="home-top" aria-labelledby="home-top10-title">
        <h2 id="home-top10-title" className="section-title">
          {t('home:top10')}
        </h2>
        <TopProjects labelledBy="home-top10-title" emptyMessage={t('home:empty.funding')} />
      </section>
      <Tabs
        label={t('home:tabs.label')}
        idPrefix="home"
        items={homeTabs.map((value) => ({ value, label: t(`home:tabs.${value}`) }))}
        value={tab}
        onChange={(value) => {
          tappedTab.current = true;
          setParams({ tab: value === 'following' ? null : value, by: null });
        }}
      />
      <div id="home-panel" role="tabpanel" aria-labelledby={`home-tab-${tab}`} className="page__content">
        {tab === 'following' ? <FollowingPanel /> : null}
        {tab === 'ranking' ? <ArtistRanking by={by} onByChange={(measure) => setParams({ by: measure === 'orange' ? null : measure })} /> : null}
        {tab === 'nowFunding' ? <ProjectFeed params={fundingParams} eagerCount={rowsOnFirstScreen} emptyMessage={t('home:empty.funding')} /> : null}
        {tab === 'films' ? <FilmFeed params={{}} emptyMessage={t('home:empty.films')} /> : null}
        {tab === 'awarded' ? <ProjectFeed params={awardedParams} picture="firstPhoto" eagerCount={rowsOnFirstScreen} emptyMessage={t('home:empty.awarded')} /> : null}
      </div>
    </div>
  );
}
