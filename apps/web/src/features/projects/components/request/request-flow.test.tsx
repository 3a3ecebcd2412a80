import type { AdPackage, Medium } from '@orchard/shared';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { useNavigate } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { useLanguageAndCurrencyStore } from '../../../../lib/stores/language-and-currency.ts';
import { api, sentRequest, type SentRequest } from '../../../../test/handlers/api.ts';
import { renderWithProviders } from '../../../../test/render.tsx';
import { server } from '../../../../test/server.ts';
import { signedOutUserInfo, useUserInfoStore } from '../../../../lib/stores/user-info.ts';
import { accountDraftKey } from '../../stores/account-draft.ts';
import { emptyRequestDraft, requestDraftStorageKey, useRequestDraftStore } from '../../stores/request-draft.ts';
import { RequestFlow, type RequestCatalogue, type RequestFlowSlots } from './request-flow.tsx';

const packages: AdPackage[] = [
  { id: 'basic', name: 'Basic', days: 7, categoryCodes: ['ADMM002'] },
  { id: 'prestige', name: 'Prestige', days: 28, categoryCodes: ['ADMM001', 'ADMM002', 'ADMM003', 'ADMM004'] },
];
const subway: Medium = {
  id: 5,
  name: 'Gangnam Station screen',
  categoryCode: 'ADMM002',
  subCategoryCode: 'ADMS006',
  categoryName: 'Transport',
  subCategoryName: 'Subway',
  address: 'Gangnam-daero 396, Seoul',
  latitude: 37.4979,
  longitude: 127.0276,
  priceUnit: 'day',
  price: 300,
  durations: [1, 7],
  format: 'JPG',
  operatorName: 'Orchard Media',
};
const catalogue: RequestCatalogue = { packages, media: [subway], pending: false, error: null };
const slots: RequestFlowSlots = {
  renderArtistPicker: ({ isSelected, onToggle }) => (
    <button type="button" aria-pressed={isSelected(7)} onClick={() => onToggle(7, !isSelected(7))}>
      Artist 7
    </button>
  ),
  renderArtistName: () => 'Artist 7',
  renderMap: ({ places }) => <p>{`map of ${places.length}`}</p>,
};

/** The browser's Back, as the header's back arrow also does it (navigate(-1)). */
function BrowserBack() {
  const navigate = useNavigate();
  return (
    <button type="button" onClick={() => void navigate(-1)}>
      browser back
    </button>
  );
}

/** The flow on /request-project after another page of the app, with a way to press Back. */
function renderInHistory() {
  return renderWithProviders(
    <>
      <RequestFlow catalogue={catalogue} slots={slots} />
      <BrowserBack />
    </>,
    { path: '/request-project' },
  );
}

/** The store as a fresh page load finds it: read back from sessionStorage. */
const draftKey = accountDraftKey(requestDraftStorageKey, 'user-1');

async function reloadDraft() {
  const saved = localStorage.getItem(draftKey)!;
  useRequestDraftStore.setState(emptyRequestDraft);
  localStorage.setItem(draftKey, saved);
  await useRequestDraftStore.persist.rehydrate();
}

describe('request flow', () => {
  beforeEach(() => {
    useLanguageAndCurrencyStore.setState({ language: 'en', currency: 'KRW' });
    // Decision 089: the draft is kept for the signed-in account.
    useUserInfoStore.setState({ ...signedOutUserInfo, id: 'user-1', isActive: true });
    useRequestDraftStore.setState(emptyRequestDraft);
  });

  it('keeps Next disabled with the reason until the step holds, and goes back with Previous', async () => {
    renderWithProviders(<RequestFlow catalogue={catalogue} slots={slots} />);
    expect(screen.getByText('Step 1 of 7')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Next' }).hasAttribute('disabled')).toBe(true);
    expect(screen.getByText('Choose the artist the ad is for.')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Artist 7' }));
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByRole('heading', { name: 'Purpose and options' })).toBeTruthy();
    await userEvent.click(screen.getByRole('radio', { name: /^Limited/ }));
    expect(screen.getByText('Choose image or video.')).toBeTruthy();
    await userEvent.click(screen.getByRole('radio', { name: /^Video/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByRole('heading', { name: 'Package' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Previous' }));
    expect(screen.getByRole('radio', { name: /^Video/ })).toHaveProperty('checked', true);
  });

  it('the draft survives a reload: the same step and choices come back from the account’s storage', async () => {
    const first = renderWithProviders(<RequestFlow catalogue={catalogue} slots={slots} />);
    await userEvent.click(screen.getByRole('button', { name: 'Artist 7' }));
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await userEvent.click(screen.getByRole('radio', { name: /^Ongoing/ }));
    await userEvent.click(screen.getByRole('radio', { name: /^Image/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await userEvent.click(screen.getByRole('radio', { name: /^Basic · 7 days/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Gangnam Station screen' }));
    await userEvent.selectOptions(screen.getByLabelText('Duration for Gangnam Station screen'), '7');
    first.unmount();

    expect(JSON.parse(localStorage.getItem(draftKey)!).state).toMatchObject({
      step: 3,
      artistId: 7,
      purpose: 'ongoing',
      option: 'image',
      packageId: 'basic',
      media: [{ mediaId: 5, duration: 7 }],
    });
    await reloadDraft();
    renderWithProviders(<RequestFlow catalogue={catalogue} slots={slots} />);
    expect(screen.getByText('Step 4 of 7')).toBeTruthy();
    expect(screen.getByRole('checkbox', { name: 'Gangnam Station screen' })).toHaveProperty('checked', true);
    expect(screen.getByText(/Goal 2,100 Orange/)).toBeTruthy();
  });

  it('a restored draft whose ad start is now too soon resumes at the ad start step', async () => {
    useRequestDraftStore.setState({
      ...emptyRequestDraft,
      step: 6,
      artistId: 7,
      purpose: 'limited',
      option: 'image',
      packageId: 'basic',
      media: [{ mediaId: 5, duration: 1 }],
      adStartDate: '2020-01-01',
      fundingStartDate: '2019-11-22',
    });
    renderWithProviders(<RequestFlow catalogue={catalogue} slots={slots} />);
    expect(screen.getByRole('heading', { name: 'Ad start date' })).toBeTruthy();
    expect(screen.getByText('The ad must start at least 41 days from today.')).toBeTruthy();
  });

  it('creates with an Idempotency-Key, then says the request waits for the inventory check and clears the draft', async () => {
    const sent: SentRequest[] = [];
    server.use(
      http.post(api('/project-requests'), async ({ request }) => {
        sent.push(await sentRequest(request));
        return HttpResponse.json({ project: { id: 1 } }, { status: 201 });
      }),
    );
    const adStartDate = new Date(Date.now() + 60 * 86_400_000).toISOString().slice(0, 10);
    const fundingStartDate = new Date(Date.now() + 15 * 86_400_000).toISOString().slice(0, 10);
    useRequestDraftStore.setState({
      ...emptyRequestDraft,
      step: 6,
      artistId: 7,
      purpose: 'limited',
      option: 'image',
      packageId: 'basic',
      media: [{ mediaId: 5, duration: 7 }],
      adStartDate,
      fundingStartDate,
    });
    renderWithProviders(<RequestFlow catalogue={catalogue} slots={slots} />);
    const create = screen.getByRole('button', { name: 'Request' });
    expect(create.hasAttribute('disabled')).toBe(true);
    await userEvent.click(screen.getByRole('checkbox', { name: 'I agree to the cancellation and refund terms' }));
    await userEvent.click(create);
    expect(await screen.findByText("Project requested. You'll be notified after the inventory check.")).toBeTruthy();
    const [{ url, body, headers }] = sent as [SentRequest];
    expect(url).toBe('/api/project-requests');
    expect(body).toEqual({ artistId: 7, purpose: 'limited', option: 'image', packageId: 'basic', media: [{ mediaId: 5, duration: 7 }], adStartDate, fundingStartDate });
    expect(headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
    expect(useRequestDraftStore.getState().artistId).toBeNull();
  });

  it('each step is a history entry: Back goes one step back, never out of the flow mid-way (docs/product.md#requests)', async () => {
    renderInHistory();
    await userEvent.click(screen.getByRole('button', { name: 'Artist 7' }));
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await userEvent.click(screen.getByRole('radio', { name: /^Limited/ }));
    await userEvent.click(screen.getByRole('radio', { name: /^Video/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByRole('heading', { name: 'Package' })).toBeTruthy();
    expect(screen.getByTestId('location')).toHaveTextContent('/request-project?step=3');
    await userEvent.click(screen.getByRole('button', { name: 'browser back' }));
    expect(await screen.findByRole('heading', { name: 'Purpose and options' })).toBeTruthy();
    expect(screen.getByRole('radio', { name: /^Video/ })).toHaveProperty('checked', true);
    expect(useRequestDraftStore.getState().step).toBe(1);
    await userEvent.click(screen.getByRole('button', { name: 'browser back' }));
    expect(await screen.findByRole('heading', { name: 'Artist' })).toBeTruthy();
    expect(screen.getByTestId('location')).toHaveTextContent('/request-project?step=1');
    expect(screen.queryByText('Continuing your request where you left off.')).toBeNull();
  });

  it('re-entered with a draft under way, says so, walks Back through the earlier steps, and can start over', async () => {
    useRequestDraftStore.setState({ ...emptyRequestDraft, step: 2, artistId: 7, purpose: 'limited', option: 'image' });
    renderInHistory();
    expect(await screen.findByRole('heading', { name: 'Package' })).toBeTruthy();
    expect(screen.getByRole('status')).toHaveTextContent('Continuing your request where you left off.');
    expect(screen.getByTestId('location')).toHaveTextContent('/request-project?step=3');
    await userEvent.click(screen.getByRole('button', { name: 'browser back' }));
    expect(await screen.findByRole('heading', { name: 'Purpose and options' })).toBeTruthy();
  });

  it('re-entered with a draft under way, starts over on request: the first step, an empty draft', async () => {
    useRequestDraftStore.setState({ ...emptyRequestDraft, step: 2, artistId: 7, purpose: 'limited', option: 'image' });
    renderInHistory();
    expect(await screen.findByRole('heading', { name: 'Package' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Start over' }));
    expect(await screen.findByRole('heading', { name: 'Artist' })).toBeTruthy();
    expect(screen.getByTestId('location')).toHaveTextContent('/request-project?step=1');
    expect(useRequestDraftStore.getState()).toMatchObject({ step: 0, artistId: null, purpose: null });
    expect(screen.queryByText('Continuing your request where you left off.')).toBeNull();
  });
});
