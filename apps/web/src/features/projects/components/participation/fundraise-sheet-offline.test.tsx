import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useLanguageAndCurrencyStore } from '../../../../lib/stores/language-and-currency.ts';
import { signedOutUserInfo, useUserInfoStore } from '../../../../lib/stores/user-info.ts';
import { projectFixture } from '../../../../test/fixtures/project.ts';
import { api } from '../../../../test/handlers/api.ts';
import { setBrowserOnline } from '../../../../test/offline.ts';
import { renderWithProviders } from '../../../../test/render.tsx';
import { server } from '../../../../test/server.ts';
import { FundraiseSheet } from './fundraise-sheet.tsx';

/** docs/decisions/063-offline.md: a write that moves points never waits for the network, nor goes later. */
describe('the fundraise sheet offline', () => {
  beforeEach(() => {
    useLanguageAndCurrencyStore.setState({ language: 'en', currency: 'KRW' });
    useUserInfoStore.setState({ ...signedOutUserInfo, id: 'user-1', isActive: true });
  });
  afterEach(() => setBrowserOnline(true));

  it('says at once that nothing was sent, stops spinning, and sends nothing when the connection comes back', async () => {
    const project = projectFixture({ purpose: 'ongoing' });
    let writes = 0;
    server.use(
      http.post(api(`/projects/${project.id}/participations`), () => {
        writes += 1;
        return HttpResponse.json({});
      }),
    );
    const user = userEvent.setup();
    renderWithProviders(<FundraiseSheet project={project} available={3_000} open onClose={() => {}} />);
    const sheet = screen.getByRole('dialog', { name: 'Join this project' });
    setBrowserOnline(false);
    await user.click(within(sheet).getByRole('button', { name: /^Put in/ }));
    expect(await within(sheet).findByText("You're offline, so nothing was sent. Try again once you're back online.")).toBeTruthy();
    expect(within(sheet).getByRole('button', { name: /^Put in/ })).toBeEnabled();
    setBrowserOnline(true);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(writes).toBe(0);
  });
});
