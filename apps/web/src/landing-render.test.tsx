import { describe, expect, it } from 'vitest';
import { projectPictureSizes } from '@orchard/shared';
import { landingReadOf } from '@orchard/shared/spa-paths';
import { renderLandingPage } from './landing-render.tsx';
import { inPageAnswerOf } from './lib/early-reads.ts';
import { projectFixture } from './test/fixtures/project.ts';
import { xssPayloads } from './test/xss-payloads.ts';

const preference = { language: 'ko', currency: 'KRW' } as const;
const address = landingReadOf('/project/42', 'ko')!;
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
});
