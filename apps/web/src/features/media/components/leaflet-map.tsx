import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import { useEffect, useRef } from 'react';
import { firstTileTimeoutMs, mapTileAttribution, mapTileUrl, tileFailuresBeforeGivingUp, type MapPlace, type MapStatus } from './map-place.ts';

export type LeafletMapProps = {
  places: readonly MapPlace[];
  selectedIds?: ReadonlySet<number>;
  onPlaceClick?(id: number): void;
  onStatus(status: MapStatus): void;
  label: string;
};

const markerStyle = { radius: 9, weight: 2, color: '#ffffff', fillOpacity: 1 } as const;
const selectedFill = '#ff7a1a';
const plainFill = '#5c534d';

/** A label element: names come from the catalogue, so they go in as text, never as HTML. */
function textElement(text: string): HTMLElement {
  const element = document.createElement('span');
  element.textContent = text;
  return element;
}

/**
 * The map itself, in the map chunk only (Leaflet is about 40 KB gzip): circle markers (no image
 * assets), fitted to the places. It reports whether tiles arrive, so the caller can show the
 * address list instead of an empty grey box when the tile server is unreachable.
 */
export default function LeafletMap({ places, selectedIds, onPlaceClick, onStatus, label }: LeafletMapProps) {
  const containerRef = useRef<HTMLDivElement>(null);
  const mapRef = useRef<L.Map | null>(null);
  const layerRef = useRef<L.LayerGroup | null>(null);
  const statusRef = useRef(onStatus);
  const clickRef = useRef(onPlaceClick);
  statusRef.current = onStatus;
  clickRef.current = onPlaceClick;

  useEffect(() => {
    const container = containerRef.current;
    if (!container) return;
    const map = L.map(container, { zoomControl: true, attributionControl: true, scrollWheelZoom: false });
    mapRef.current = map;
    layerRef.current = L.layerGroup().addTo(map);
    let loaded = 0;
    let failed = 0;
    let settled = false;
    const settle = (status: MapStatus) => {
      if (settled) return;
      settled = true;
      statusRef.current(status);
    };
    const giveUp = window.setTimeout(() => loaded === 0 && settle('unavailable'), firstTileTimeoutMs);
    L.tileLayer(mapTileUrl, { attribution: mapTileAttribution, maxZoom: 18, crossOrigin: true })
      .on('tileload', () => {
        loaded += 1;
        settle('ready');
      })
      .on('tileerror', () => {
        failed += 1;
        if (loaded === 0 && failed >= tileFailuresBeforeGivingUp) settle('unavailable');
      })
      .addTo(map);
    return () => {
      window.clearTimeout(giveUp);
      map.remove();
      mapRef.current = null;
      layerRef.current = null;
    };
  }, []);

  useEffect(() => {
    const map = mapRef.current;
    const layer = layerRef.current;
    if (!map || !layer) return;
    layer.clearLayers();
    for (const place of places) {
      const selected = selectedIds?.has(place.id) ?? false;
      L.circleMarker([place.latitude, place.longitude], { ...markerStyle, fillColor: selected ? selectedFill : plainFill })
        .bindTooltip(textElement(place.name))
        .on('click', () => clickRef.current?.(place.id))
        .addTo(layer);
    }
    if (places.length === 1) map.setView([places[0]!.latitude, places[0]!.longitude], 15);
    else if (places.length > 1) map.fitBounds(L.latLngBounds(places.map((place) => [place.latitude, place.longitude] as [number, number])), { padding: [24, 24], maxZoom: 15 });
    else map.setView([37.5665, 126.978], 10);
  }, [places, selectedIds]);

  return <div ref={containerRef} className="media-map__canvas" role="region" aria-label={label} />;
}
