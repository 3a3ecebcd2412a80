import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { useLanguageAndCurrencyStore } from '../../../../lib/stores/language-and-currency.ts';
import { renderWithProviders } from '../../../../test/render.tsx';
import { server } from '../../../../test/server.ts';
import { YoutubeFacade, youtubeVideoId } from './youtube-facade.tsx';

const youtubeHost = /(^|\.|\/\/)(youtube(-nocookie)?\.com|youtu\.be|ytimg\.com|googlevideo\.com)/;

/** Every address the document would load or link to: frames, images, scripts, styles, preconnects. */
function addressesInDocument(): string[] {
  return [...document.querySelectorAll('[src], [srcset], [href], [data], object, embed')].flatMap((element) =>
    ['src', 'srcset', 'href', 'data'].map((name) => element.getAttribute(name)).filter((value): value is string => value !== null),
  );
}

describe('the YouTube facade: nothing from YouTube before the tap', () => {
  beforeEach(() => useLanguageAndCurrencyStore.setState({ language: 'en', currency: 'KRW' }));
  afterEach(() => vi.restoreAllMocks());

  it('renders no frame and requests nothing until play is tapped; then the privacy-enhanced player', async () => {
    // Every request MSW sees (fetch, XMLHttpRequest, node http), answered or not.
    const requests: string[] = [];
    const record = ({ request }: { request: Request }) => void requests.push(`${request.method} ${request.url}`);
    server.events.on('request:start', record);
    onTestFinished(() => server.events.removeListener('request:start', record));
    const xhrOpen = vi.spyOn(XMLHttpRequest.prototype, 'open');
    const { container } = renderWithProviders(<YoutubeFacade url="https://www.youtube.com/watch?v=dQw4w9WgXcQ" />);
    const play = screen.getByRole('button', { name: /Play the video/ });
    expect(play.textContent).toContain('Playing loads YouTube, which may set cookies.');
    expect(container.querySelector('iframe')).toBeNull();
    expect(addressesInDocument().filter((address) => youtubeHost.test(address))).toEqual([]);
    expect(requests).toEqual([]);
    expect(xhrOpen).not.toHaveBeenCalled();

    await userEvent.click(play);
    const frame = container.querySelector('iframe');
    expect(frame?.getAttribute('src')).toBe('https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1');
    expect(frame?.getAttribute('title')).toBe('Project video');
    // Only the no-cookie host, never youtube.com itself.
    expect(addressesInDocument().filter((address) => youtubeHost.test(address))).toEqual(['https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1']);
    expect(requests).toEqual([]);
  });

  it('a link it cannot read stays a plain link out, with nothing embedded', () => {
    const { container } = renderWithProviders(<YoutubeFacade url="https://www.youtube.com/channel/UC" />);
    expect(screen.getByRole('link', { name: 'Watch on YouTube' }).getAttribute('href')).toBe('https://www.youtube.com/channel/UC');
    expect(container.querySelector('iframe')).toBeNull();
  });

  it('reads the video id of watch, short, shorts and embed links', () => {
    expect(youtubeVideoId('https://youtu.be/dQw4w9WgXcQ')).toBe('dQw4w9WgXcQ');
    expect(youtubeVideoId('https://m.youtube.com/watch?v=dQw4w9WgXcQ&t=3')).toBe('dQw4w9WgXcQ');
    expect(youtubeVideoId('https://www.youtube.com/shorts/dQw4w9WgXcQ')).toBe('dQw4w9WgXcQ');
    expect(youtubeVideoId('https://www.youtube.com/embed/dQw4w9WgXcQ')).toBe('dQw4w9WgXcQ');
    expect(youtubeVideoId('https://www.youtube.com/watch?v=<script>')).toBeNull();
  });
});
