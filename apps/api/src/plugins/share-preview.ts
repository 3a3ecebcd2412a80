import type { Language } from '@orchard/shared';

/** What a shared project link shows in a messenger or on X: its title, a line of its introduction, its thumbnail. */
export type SharePreview = {
  title: string;
  description: string;
  imageUrl: string | null;
  /** The page's `<img>` srcset and sizes (@orchard/shared `projectPictureSrcset`), which its preload repeats. */
  picture?: { srcset: string; sizes: string };
};

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (character) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[character]!);

/** The project path a preview is made for, or null: only `/project/{id}` with a plain decimal id. */
export function previewedProjectId(pathname: string): number | null {
  const match = /^\/project\/([1-9][0-9]{0,9})$/.exec(pathname);
  const id = match ? Number(match[1]) : NaN;
  return Number.isSafeInteger(id) && id <= 2_147_483_647 ? id : null;
}

function sameOriginPath(imageUrl: string, pageUrl: URL): string {
  const image = new URL(imageUrl);
  return image.origin === pageUrl.origin ? `${image.pathname}${image.search}` : image.href;
}

/**
 * The index.html with Open Graph and Twitter card tags for the project (docs/product.md#sharing),
 * every value HTML-escaped: titles are user text.
 */
export function withSharePreview(indexHtml: string, preview: SharePreview, pageUrl: URL, language: Language): string {
  const description = preview.description.replace(/\s+/g, ' ').trim().slice(0, 160);
  const tags = [
    ['og:type', 'website'],
    ['og:site_name', 'Orchard'],
    ['og:title', preview.title],
    ['og:description', description],
    ['og:url', pageUrl.href],
    ['og:locale', language],
    ...(preview.imageUrl ? [['og:image', preview.imageUrl]] : []),
  ]
    .map(([property, content]) => `<meta property="${property}" content="${escapeHtml(content!)}">`)
    .concat(
      `<meta name="twitter:card" content="${preview.imageUrl ? 'summary_large_image' : 'summary'}">`,
      `<meta name="twitter:title" content="${escapeHtml(preview.title)}">`,
      `<meta name="description" content="${escapeHtml(description)}">`,
    )
    .join('');
  // Replacement functions, not strings: in a string, a title's `$&`, `$'` or `` $` `` would splice
  // parts of the page into it.
  const title = `<title>${escapeHtml(preview.title)} · Orchard</title>`;
  // The thumbnail is the page's largest picture (its LCP): fetched with the page's scripts, at high
  // priority, instead of after them, the app and the project's read have run (issue 35).
  // The page's <img> names an uploaded file by its path, which resolves against whatever origin
  // served the page: so does the preload, or the browser would fetch the picture twice.
  // With a srcset, the preload names the same candidates, so the browser takes the one the page will.
  const candidates = preview.picture ? ` imagesrcset="${escapeHtml(preview.picture.srcset)}" imagesizes="${escapeHtml(preview.picture.sizes)}"` : '';
  const picture = preview.imageUrl ? `<link rel="preload" as="image" fetchpriority="high" href="${escapeHtml(sameOriginPath(preview.imageUrl, pageUrl))}"${candidates}>` : '';
  // Right after the title, before the page's stylesheets and scripts: the first request after them.
  return indexHtml.replace(/<title>[^<]*<\/title>/, () => `${title}${picture}`).replace('</head>', () => `${tags}</head>`);
}

/**
 * The page's own reads, answered in its HTML for a signed-out visitor (decision 109), by address:
 * the app takes each as the answer of its address (apps/web/src/lib/early-reads.ts) instead of
 * asking again. JSON in data blocks: never run, and `<` written as \u003c so no text in them can
 * close the element.
 */
export function withLandingReads(html: string, answers: Readonly<Record<string, unknown>>): string {
  const blocks = Object.entries(answers)
    .map(([address, answer]) => `<script type="application/json" class="landing-read" data-address="${escapeHtml(address)}">${JSON.stringify(answer).replace(/</g, '\\u003c')}</script>`)
    .join('');
  return html.replace('</body>', () => `${blocks}</body>`);
}
