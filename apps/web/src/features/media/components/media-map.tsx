import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MapPlace, MapStatus } from './map-place.ts';
import './media.css';

const LeafletMap = lazy(() => import('./leaflet-map.tsx'));

/** The places as a plain list: what a map without tiles shows instead of a grey box. */
export function PlaceList({ places, label }: { places: readonly MapPlace[]; label: string }) {
  return (
    <ol className="place-list" aria-label={label}>
      {places.map((place) => (
        <li key={place.id} className="place-list__item">
          <span className="place-list__name">{place.name}</span>
          <span className="place-list__address">{place.address}</span>
        </li>
      ))}
    </ol>
  );
}

/**
 * Media on a map. Leaflet loads with the map only. When no tile arrives (no network, a blocked
 * tile server) the map gives way to a note and the list of names and addresses.
 */
export function MediaMap({
  places,
  selectedIds,
  onPlaceClick,
  withList = false,
  listWhenUnavailable = true,
}: {
  places: readonly MapPlace[];
  selectedIds?: ReadonlySet<number>;
  onPlaceClick?(id: number): void;
  /** Show the address list under a working map too (a project's media list does). */
  withList?: boolean;
  /** A caller that lists the places itself (the request's media step) needs only the note. */
  listWhenUnavailable?: boolean;
}) {
  const { t } = useTranslation('mediaDetail');
  const [status, setStatus] = useState<MapStatus>('loading');
  const unavailable = status === 'unavailable';
  return (
    <div className="media-map" data-map-status={status}>
      {unavailable ? (
        <p className="notice media-map__unavailable" role="status">
          {t('map.unavailable')}
        </p>
      ) : (
        <div className="media-map__frame">
          <Suspense fallback={<div className="media-map__canvas media-map__canvas--loading" aria-hidden="true" />}>
            <LeafletMap places={places} selectedIds={selectedIds} onPlaceClick={onPlaceClick} onStatus={setStatus} label={t('map.label')} />
          </Suspense>
          {status === 'loading' ? <p className="media-map__loading">{t('map.loading')}</p> : null}
        </div>
      )}
      {(unavailable && listWhenUnavailable) || withList ? <PlaceList places={places} label={t('map.listLabel')} /> : null}
    </div>
  );
}
