import type { ArtistRankingItem, Language, RankingMeasure } from '@orchard/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths.ts';
import { EmptyState } from '../../../components/ui/primitives.tsx';
import { RetryNotice } from '../../../components/ui/retry-notice.tsx';
import { formatNumber } from '../../../lib/format.ts';
import { apiErrorMessage } from '../../../lib/i18n.ts';
import { intlLocaleOf } from '../../../lib/locale.ts';
import { usePointsText } from '../../../lib/points-text.ts';
import { useLanguageAndCurrencyStore } from '../../../lib/stores/language-and-currency.ts';
import { useArtist } from '../api/get-artist.ts';
import { useArtistRankings } from '../api/get-artist-rankings.ts';
import { artistName } from '../artist-name.ts';
import './artist-ranking.css';

export const rankingMeasureOrder: readonly RankingMeasure[] = ['orange', 'backers'];

/** A ranking's month (`YYYY-MM`, a KST month) in the interface language: "2026년 11월", "November 2026". */
export function formatRankingPeriod(period: string, language: Language): string {
  const [year, month] = period.split('-').map(Number);
  return new Intl.DateTimeFormat(intlLocaleOf[language], { year: 'numeric', month: 'long', timeZone: 'UTC' }).format(new Date(Date.UTC(year!, month! - 1, 1)));
}

export type RankMovement = { kind: 'up' | 'down'; places: number } | { kind: 'new' } | { kind: 'same' };

/** Where an artist moved since last month: up or down so many places, new to the ranking, or the same place. */
export function rankMovement(item: Pick<ArtistRankingItem, 'rank' | 'previousRank'>): RankMovement {
  if (item.previousRank === null) return { kind: 'new' };
  if (item.previousRank > item.rank) return { kind: 'up', places: item.previousRank - item.rank };
  if (item.previousRank < item.rank) return { kind: 'down', places: item.rank - item.previousRank };
  return { kind: 'same' };
}

function Movement({ item }: { item: ArtistRankingItem }) {
  const { t } = useTranslation('home');
  const movement = rankMovement(item);
  const mark = movement.kind === 'up' || movement.kind === 'down' ? t(`home:ranking.movement.${movement.kind}`, { count: movement.places }) : t(`home:ranking.movement.${movement.kind}`);
  const spoken =
    movement.kind === 'up' || movement.kind === 'down' ? t(`home:ranking.movement.${movement.kind}Label`, { count: movement.places }) : t(`home:ranking.movement.${movement.kind}Label`);
  return (
    <span className={`ranking-row__movement ranking-row__movement--${movement.kind}`} data-movement={movement.kind}>
      <span aria-hidden="true">{mark}</span>
      <span className="visually-hidden">{spoken}</span>
    </span>
  );
}

function RankingRow({ item, by }: { item: ArtistRankingItem; by: RankingMeasure }) {
  const { t } = useTranslation('home');
  const language = useLanguageAndCurrencyStore((state) => state.language);
  const orangeText = usePointsText('orange');
  const artist = useArtist(item.artistId);
  const name = artist.data ? artistName(artist.data, language) : null;
  const figure = by === 'orange' ? orangeText(item.orange) : t('home:ranking.backers', { count: item.backers, formatted: formatNumber(item.backers, language) });
  return (
    <li className={`ranking-row${item.rank <= 3 ? ' ranking-row--podium' : ''}`}>
      <span className="ranking-row__place">
        <span className="ranking-row__rank">
          <span aria-hidden="true">{item.rank}</span>
          <span className="visually-hidden">{t('home:ranking.rank', { rank: item.rank })}</span>
        </span>
        <Movement item={item} />
      </span>
      <span className="ranking-row__avatar" aria-hidden="true">
        {artist.data?.imageUrl ? <img src={artist.data.imageUrl} alt="" width={44} height={44} loading="lazy" decoding="async" /> : name ? [...name][0] : null}
      </span>
      <span className="ranking-row__who">
        {artist.data && name ? (
          <Link className="ranking-row__name" to={paths.artist(artist.data.type, artist.data.id)}>
            {name}
          </Link>
        ) : artist.isError ? (
          <span className="ranking-row__name ranking-row__name--unknown">{t('home:ranking.unknownArtist')}</span>
        ) : (
          <span className="ranking-row__name ranking-row__name--loading" aria-hidden="true" />
        )}
        <span className="ranking-row__figure">{figure}</span>
      </span>
    </li>
  );
}

/**
 * The artist ranking of the current KST month (docs/product.md#discovery): by Orange funded or by
 * distinct backers, each row with its place, the artist, the figure and the movement since last month.
 */
export function ArtistRanking({ by, onByChange }: { by: RankingMeasure; onByChange(by: RankingMeasure): void }) {
  const { t } = useTranslation(['home', 'common']);
  const language = useLanguageAndCurrencyStore((state) => state.language);
  const ranking = useArtistRankings(by);
  return (
    <section className="stack" aria-labelledby="artist-ranking-title">
      <div className="ranking-head">
        <h2 id="artist-ranking-title" className="section-title">
          {t('home:ranking.title')}
        </h2>
        {ranking.data ? (
          <time className="ranking-head__period" dateTime={ranking.data.period}>
            {formatRankingPeriod(ranking.data.period, language)}
          </time>
        ) : null}
      </div>
      <div className="segmented" role="group" aria-label={t('home:ranking.measureLabel')}>
        {rankingMeasureOrder.map((measure) => (
          <button key={measure} type="button" className="segmented__option" aria-pressed={by === measure} onClick={() => onByChange(measure)}>
            {t(`home:ranking.measures.${measure}`)}
          </button>
        ))}
      </div>
      {ranking.isPending ? (
        <ol className="ranking-list" aria-busy="true" aria-label={t('home:ranking.loading')}>
          {[0, 1, 2, 3, 4].map((index) => (
            <li key={index} className="ranking-row ranking-row--skeleton" aria-hidden="true" />
          ))}
        </ol>
      ) : ranking.isError ? (
        <RetryNotice message={apiErrorMessage(t, ranking.error)} retryLabel={t('common:actions.retry')} onRetry={() => void ranking.refetch()} retrying={ranking.isFetching} />
      ) : ranking.data.items.length === 0 ? (
        <EmptyState message={t('home:empty.ranking')} />
      ) : (
        <ol className="ranking-list" aria-labelledby="artist-ranking-title">
          {ranking.data.items.map((item) => (
            <RankingRow key={item.artistId} item={item} by={by} />
          ))}
        </ol>
      )}
    </section>
  );
}
