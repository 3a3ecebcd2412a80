import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { MegaphoneIcon, StarIcon } from '../../components/ui/icons.tsx';
import { EmptyState, Tabs } from '../../components/ui/primitives.tsx';
import { paths } from '../paths.ts';
import './home.css';

const homeTabs = ['following', 'ranking', 'nowFunding', 'films', 'awarded'] as const;
type HomeTab = (typeof homeTabs)[number];

/** docs/product.md#screens (Home): tabs Following, Ranking, Now Funding, Films, Awarded; a Top 10; an artist search. */
export default function HomePage() {
  const { t } = useTranslation(['home', 'common']);
  const [tab, setTab] = useState<HomeTab>('following');
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
      <Tabs label={t('home:tabs.label')} idPrefix="home" items={homeTabs.map((value) => ({ value, label: t(`home:tabs.${value}`) }))} value={tab} onChange={setTab} />
      <div id="home-panel" role="tabpanel" aria-labelledby={`home-tab-${tab}`} className="page__content">
        {tab === 'following' ? (
          <EmptyState
            icon={<StarIcon width={32} height={32} />}
            message={t('home:empty.following')}
            action={
              <Link to={paths.artistList} className="button button--secondary">
                {t('home:searchArtists')}
              </Link>
            }
          />
        ) : null}
        {tab === 'ranking' ? (
          <>
            <h2 className="section-title">{t('home:top10')}</h2>
            <EmptyState message={t('home:empty.funding')} />
          </>
        ) : null}
        {tab === 'nowFunding' ? <EmptyState message={t('home:empty.funding')} /> : null}
        {tab === 'films' ? <EmptyState message={t('home:empty.films')} /> : null}
        {tab === 'awarded' ? <EmptyState message={t('home:empty.awarded')} /> : null}
      </div>
    </div>
  );
}
