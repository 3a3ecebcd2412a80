import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useToastStore } from '../../../../components/ui/toast.tsx';
import { useLanguageAndCurrencyStore } from '../../../../lib/stores/language-and-currency.ts';
import { projectFixture } from '../../../../test/fixtures/project.ts';
import { renderWithProviders } from '../../../../test/render.tsx';
import { ShareButton, xIntentUrl } from './share-button.tsx';

const title = 'Happy birthday LUMINA';
const projectUrl = () => `${window.location.origin}/project/42`;

/** Gives the browser a Web Share API (or takes it away) for one test. */
function setShare(share: ((data: ShareData) => Promise<void>) | undefined) {
  Object.defineProperty(navigator, 'share', { value: share, configurable: true, writable: true });
}

describe('sharing a project (docs/product.md#sharing)', () => {
  beforeEach(() => {
    useLanguageAndCurrencyStore.setState({ language: 'en', currency: 'KRW' });
    useToastStore.setState({ toasts: [] });
  });
  afterEach(() => {
    setShare(undefined);
    vi.restoreAllMocks();
  });

  it("uses the device's own share sheet when there is one, and shows no fallback", async () => {
    const share = vi.fn<(data: ShareData) => Promise<void>>().mockResolvedValue(undefined);
    setShare(share);
    renderWithProviders(<ShareButton project={projectFixture()} title={title} />);
    await userEvent.click(screen.getByRole('button', { name: 'Share' }));
    expect(share).toHaveBeenCalledWith({ title, url: projectUrl() });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('closing the device sheet does nothing more', async () => {
    setShare(vi.fn().mockRejectedValue(new DOMException('closed', 'AbortError')));
    renderWithProviders(<ShareButton project={projectFixture()} title={title} />);
    await userEvent.click(screen.getByRole('button', { name: 'Share' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('without the Web Share API, offers copy-link and an X post intent', async () => {
    setShare(undefined);
    expect('share' in navigator && typeof navigator.share === 'function').toBe(false);
    // user-event's setup puts a clipboard of its own on the navigator, to read back what was copied.
    const user = userEvent.setup();
    renderWithProviders(<ShareButton project={projectFixture()} title={title} />);
    await user.click(screen.getByRole('button', { name: 'Share' }));
    const sheet = await screen.findByRole('dialog', { name: 'Share this project' });
    expect(within(sheet).getByText(projectUrl())).toBeTruthy();
    const x = within(sheet).getByRole('link', { name: 'Share on X' });
    expect(x.getAttribute('href')).toBe(xIntentUrl(title, projectUrl()));
    const intent = new URL(x.getAttribute('href')!);
    expect([intent.origin + intent.pathname, intent.searchParams.get('text'), intent.searchParams.get('url')]).toEqual(['https://x.com/intent/post', title, projectUrl()]);
    expect(x.getAttribute('rel')).toContain('noopener');
    await user.click(within(sheet).getByRole('button', { name: 'Copy link' }));
    expect(await navigator.clipboard.readText()).toBe(projectUrl());
    expect(useToastStore.getState().toasts.map((toast) => toast.message)).toEqual(['Link copied.']);
  });

  it('a device share that fails for another reason falls back to the same sheet', async () => {
    setShare(vi.fn().mockRejectedValue(new DOMException('not allowed', 'NotAllowedError')));
    renderWithProviders(<ShareButton project={projectFixture()} title={title} />);
    await userEvent.click(screen.getByRole('button', { name: 'Share' }));
    expect(await screen.findByRole('dialog', { name: 'Share this project' })).toBeTruthy();
  });
});
