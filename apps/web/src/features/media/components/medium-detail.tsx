import type { MediumDetail } from '@orchard/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState, Spinner, Tabs } from '../../../components/ui/primitives.tsx';
import { formatNumber } from '../../../lib/format.ts';
import { useDurationText, usePriceText } from '../../../lib/media-text.ts';
import { useLanguageAndCurrencyStore } from '../../../lib/stores/language-and-currency.ts';
import { useMedium } from '../api/get-medium.ts';
import { MediaMap } from './media-map.tsx';
import './media.css';

const mediaTabs = ['info', 'price', 'guide', 'policy'] as const;
type MediaTab = (typeof mediaTabs)[number];

function Facts({ rows }: { rows: [label: string, value: string][] }) {
  return (
    <dl className="facts">
      {rows.map(([label, value]) => (
        <div key={label} className="facts__row">
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function MediumPanel({ medium, tab }: { medium: MediumDetail; tab: MediaTab }) {
  const { t } = useTranslation('mediaDetail');
  const priceText = usePriceText();
  const durationText = useDurationText();
  const language = useLanguageAndCurrencyStore((state) => state.language);
  if (tab === 'info') {
    return (
      <div className="stack">
        <Facts
          rows={[
            [t('info.category'), `${medium.categoryName} · ${medium.subCategoryName}`],
            [t('info.address'), medium.address],
            [t('info.operationHours'), medium.operationHours],
            [t('info.operator'), medium.operatorName],
          ]}
        />
        {medium.description ? <p className="media-text">{medium.description}</p> : null}
      </div>
    );
  }
  if (tab === 'price') {
    return (
      <div className="stack">
        <p className="media-price">{priceText(medium)}</p>
        <Facts rows={[[t('price.durations'), medium.durations.map((value) => durationText(medium.priceUnit, value)).join(', ')]]} />
        <p className="muted">{t('price.note')}</p>
      </div>
    );
  }
  if (tab === 'guide') {
    const guide = medium.productionGuide;
    return (
      <Facts
        rows={[
          [t('guide.size'), `${formatNumber(guide.width, language)} × ${formatNumber(guide.height, language)} ${guide.unit}`],
          [t('guide.capacityLimit'), t('guide.megabytes', { count: guide.capacityLimit })],
          [t('guide.format'), t(`guide.formats.${guide.format}`)],
          ...(guide.spotSeconds !== null ? [[t('guide.spot'), durationText('second', guide.spotSeconds)] as [string, string]] : []),
        ]}
      />
    );
  }
  return (
    <div className="stack">
      {medium.salesPolicy.map((paragraph, index) => (
        <p key={index} className="media-text">
          {paragraph}
        </p>
      ))}
    </div>
  );
}

/**
 * Where the medium is, above the tabs so it shows whichever tab is open: the map with its pin,
 * and under it the name and address, which are also what shows when no tile loads (decision 052),
 * as a project's media list does.
 */
function MediumLocation({ medium }: { medium: MediumDetail }) {
  const { t } = useTranslation('mediaDetail');
  return (
    <section className="stack media-location" aria-labelledby="media-location-title">
      <h2 id="media-location-title" className="section-title">
        {t('map.title')}
      </h2>
      <MediaMap places={[{ id: medium.id, name: medium.name, address: medium.address, latitude: medium.latitude, longitude: medium.longitude }]} withList />
    </section>
  );
}

/** A medium's detail: its location on a map, then tabs info, price, production guide, sales policy. */
export function MediumDetailView({ mediaId }: { mediaId: number }) {
  const { t } = useTranslation(['mediaDetail', 'common']);
  const [tab, setTab] = useState<MediaTab>('info');
  const medium = useMedium(mediaId);
  if (medium.isPending && medium.fetchStatus !== 'idle') return <Spinner label={t('common:loading')} />;
  if (!medium.data) return <EmptyState message={t('detail.empty')} />;
  return (
    <div className="stack">
      <div className="media-heading">
        <h2 className="media-heading__name">{medium.data.name}</h2>
        <p className="muted">{`${medium.data.categoryName} · ${medium.data.subCategoryName}`}</p>
      </div>
      <MediumLocation medium={medium.data} />
      <Tabs label={t('detail.tabsLabel')} idPrefix="media" items={mediaTabs.map((value) => ({ value, label: t(`detail.tabs.${value}`) }))} value={tab} onChange={setTab} />
      <div id="media-panel" role="tabpanel" aria-labelledby={`media-tab-${tab}`}>
        <MediumPanel medium={medium.data} tab={tab} />
      </div>
    </div>
  );
}
