import { describe, expect, it } from 'vitest';
import { projectPictureSizes } from '@orchard/shared';
import type { Artist, Film } from '@orchard/shared';
import { landingPageOf } from '@orchard/shared/spa-paths';
import { renderLandingPage } from './landing-render.tsx';
import { inPageAnswerOf } from './lib/early-reads.ts';
import { projectFixture } from './test/fixtures/project.ts';
import { sampleArtists } from './test/handlers/artists.ts';
import { xssPayloads } from './test/xss-payloads.ts';

const preference = { language: 'ko', currency: 'KRW' } as const;
const [address] = landingPageOf('/project/42', '', 'ko')!.reads as [string];
const fontStylesheet = '@font-face{src:url(/hangul.woff2);unicode-range:U+AC00-D7A3}@font-face{src:url(/latin.woff2);unicode-range:U+0041-007A}@font-face{src:url(/greek.woff2);unicode-range:U+0370-03FF}';

/** Every element of the rendered body, as the browser parses it. */
function parsed(body: string): Document {
  return new DOMParser().parseFromString(`<!doctype html><body>${body}</body>`, 'text/html');
}

describe("a shared link's page rendered on the server (decision 110)", () => {
  it('is the project page from the answer it is handed, with the font files its text uses, and hands nothing on to the next render', async () => {
    const project = projectFixture({ title: '하린 생일 광고', raised: 2_500, goal: 10_000, thumbnailUrl: '/api/files/project-thumbnails/42.webp', thumbnailSmallUrl: '/api/files/project-thumbnails/42s.webp' });
    const { body, fontSlices } = await renderLandingPage('/project/42', preference, { [address]: { project } }, fontStylesheet);
    const page = parsed(body);
    expect(page.querySelector('#project-title')?.textContent).toBe('하린 생일 광고');
    const picture = page.querySelector('img.project-page__thumbnail');
    expect(picture?.getAttribute('src')).toBe('/api/files/project-thumbnails/42.webp');
    // The same candidates the API's preload names (decision 111).
    expect(picture?.getAttribute('srcset')).toBe('/api/files/project-thumbnails/42s.webp 720w, /api/files/project-thumbnails/42.webp 1200w');
    expect(picture?.getAttribute('sizes')).toBe(projectPictureSizes);
    expect(page.querySelector('.project-page__raised')?.textContent).toMatch(/2,500/);
    expect(fontSlices).toEqual(['/hangul.woff2', '/latin.woff2']);
    expect(inPageAnswerOf(address)).toBeUndefined();
  });

  it('renders the 100 XSS payloads in every field a user writes as text: no script, frame, handler or javascript: link comes of them', async () => {
    for (const payload of xssPayloads) {
      const project = projectFixture({
        title: payload,
        introduction: payload,
        creator: { nickname: payload },
        creatorXId: payload,
        artistNames: { ko: payload, en: payload, zh: payload, ja: payload, es: payload },
      });
      const { body } = await renderLandingPage('/project/42', preference, { [address]: { project } }, fontStylesheet);
      const page = parsed(body);
      expect(page.querySelector('#project-title')?.textContent, payload).toBe(payload);
      expect(page.querySelectorAll('script, iframe, object, embed, style, meta, marquee, video, math, details').length, payload).toBe(0);
      for (const element of page.querySelectorAll('*')) {
        for (const attribute of element.attributes) {
          expect(attribute.name.startsWith('on'), `${payload}: ${attribute.name}`).toBe(false);
          expect(/^\s*javascript:/i.test(attribute.value), `${payload}: ${attribute.name}=${attribute.value}`).toBe(false);
        }
      }
    }
  }, 60_000);

  it("is an artist's page from its three reads: the header, the projects funding now and the others, most raised first", async () => {
    const artist: Artist = { ...sampleArtists[0]!, id: 7, names: { ko: '하린', en: 'HARIN', zh: '夏琳', ja: 'ハリン', es: 'HARIN' }, following: false };
    const [artistRead, fundingRead, allRead] = landingPageOf('/artist/solo/7', '', 'ko')!.reads as [string, string, string];
    const funding = projectFixture({ id: 71, title: '하린 생일 광고', artistId: 7, status: 'funding', thumbnailSmallUrl: '/api/files/project-thumbnails/71s.webp' });
    const awarded = projectFixture({ id: 70, title: '데뷔 1주년', artistId: 7, status: 'awarded' });
    const answers = {
      [artistRead]: { ...artist, type: 'solo' },
      [fundingRead]: { items: [funding], nextCursor: null },
      [allRead]: { items: [funding, awarded], nextCursor: null },
    };
    const page = parsed((await renderLandingPage('/artist/solo/7', preference, answers, fontStylesheet)).body);
    expect(page.querySelector('.artist-hero__name')?.textContent).toBe('하린');
    const titles = [...page.querySelectorAll('.artist-projects__section')].map((section) => [section.querySelector('h2')?.textContent, [...section.querySelectorAll('li')].map((item) => item.textContent)]);
    expect(titles).toHaveLength(2);
    expect(titles[0]![1]).toEqual([expect.stringContaining('하린 생일 광고')]);
    expect(titles[1]![1]).toEqual([expect.stringContaining('데뷔 1주년')]);
    expect(page.querySelector('[aria-busy="true"]')).toBeNull();
    for (const read of [artistRead, fundingRead, allRead]) expect(inPageAnswerOf(read)).toBeUndefined();
  });

  it('is the Film tab from its first page of films, each title as written', async () => {
    const [filmsRead] = landingPageOf('/film', '', 'ja')!.reads as [string];
    const film = (id: number, title: string): Film => ({
      id, title, artistId: 1, projectId: null, posterUrl: `/api/files/film-posters/${id}.webp`, youtubeId: null, videoUrl: `/api/files/films/${id}.mp4`,
      durationSeconds: 30, width: 1280, height: 720, likes: 0, comments: 0, liked: false, author: { nickname: 'fan1' }, viewerIsAuthor: false, hidden: false, createdAt: '2026-11-20T03:00:00.000Z',
    });
    const answers = { [filmsRead]: { items: [film(2, 'ルミナのステージ'), film(1, xssPayloads[0]!)], nextCursor: 'c2' } };
    const page = parsed((await renderLandingPage('/film', { language: 'ja', currency: 'JPY' }, answers, fontStylesheet)).body);
    expect([...page.querySelectorAll('.film-card')].map((card) => card.textContent)).toEqual([expect.stringContaining('ルミナのステージ'), expect.stringContaining(xssPayloads[0]!)]);
    expect(page.querySelector('.film-card img')?.getAttribute('src')).toBe('/api/files/film-posters/2.webp');
    expect(page.querySelectorAll('script').length).toBe(0);
  });
});
