import type { MediumDetail } from '@orchard/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { useEffect } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useLanguageAndCurrencyStore } from '../../../lib/stores/language-and-currency.ts';
import { api } from '../../../test/handlers/api.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { server } from '../../../test/server.ts';
import type { LeafletMapProps } from './leaflet-map.tsx';
import { MediumDetailView } from './medium-detail.tsx';

// No tile server is reachable from a test: the map reports what the real one does then (decision 052).
let tileOutcome: 'ready' | 'unavailable' = 'unavailable';
vi.mock('./leaflet-map.tsx', () => ({
  default: function FakeLeafletMap({ onStatus, label }: LeafletMapProps) {
    useEffect(() => onStatus(tileOutcome), [onStatus]);
    return <div role="region" aria-label={label} />;
  },
}));

const medium: MediumDetail = {
  id: 3,
  name: 'Gangnam Station Media Wall',
  categoryCode: 'ADMM002',
  categoryName: 'Transport',
  subCategoryCode: 'ADMS006',
  subCategoryName: 'Subway',
  address: '396 Gangnam-daero, Gangnam-gu, Seoul',
  latitude: 37.4979,
  longitude: 127.0276,
  priceUnit: 'day',
  price: 300,
  durations: [7, 14],
  format: 'MP4',
  operatorName: 'Seoul Metro Ads',
  operationHours: '05:30–24:00',
  description: 'The wall facing exit 11.',
  productionGuide: { width: 1920, height: 1080, unit: 'px', capacityLimit: 50, format: 'MP4', spotSeconds: null },
  salesPolicy: ['Booked by the week.'],
};

function renderMedium() {
  server.use(http.get(api('/media/3'), () => HttpResponse.json(medium)));
  return renderWithProviders(<MediumDetailView mediaId={3} />);
}

describe('a medium’s detail shows where it is (docs/decisions/052-maps-leaflet-with-a-list-fallback.md)', () => {
  beforeEach(() => {
    useLanguageAndCurrencyStore.setState({ language: 'en', currency: 'KRW' });
    tileOutcome = 'unavailable';
  });
  afterEach(() => vi.restoreAllMocks());

  it('its location, with the address, shows above the tabs whichever tab is open', async () => {
    tileOutcome = 'ready';
    renderMedium();
    const location = await screen.findByRole('region', { name: 'Location' });
    expect(await within(location).findByRole('region', { name: 'Map of media locations' })).toBeTruthy();
    expect(within(location).getByRole('list', { name: 'Media addresses' }).textContent).toContain('396 Gangnam-daero, Gangnam-gu, Seoul');
    await userEvent.click(screen.getByRole('tab', { name: 'Price' }));
    expect(within(screen.getByRole('region', { name: 'Location' })).getByText('396 Gangnam-daero, Gangnam-gu, Seoul')).toBeTruthy();
    expect(screen.getByRole('tabpanel').textContent).toContain('300');
  });

  it('without tiles, the map gives way to the note and the address', async () => {
    const { container } = renderMedium();
    const location = await screen.findByRole('region', { name: 'Location' });
    expect(await within(location).findByRole('status')).toHaveProperty('textContent', "The map can't be shown right now. Here are the addresses instead.");
    expect(container.querySelector('[data-map-status="unavailable"]')).not.toBeNull();
    expect(within(location).getByRole('list', { name: 'Media addresses' }).textContent).toBe('Gangnam Station Media Wall396 Gangnam-daero, Gangnam-gu, Seoul');
  });
});
