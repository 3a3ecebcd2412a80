import type { DisplayPreference } from '@orchard/shared/display-preference';
import { provideInPageAnswers } from './lib/early-reads.ts';
import { fontSlicesFor, textOfHtml } from './lib/font-slices.ts';
import { setServerRenderInstant } from './lib/server-render.ts';
import { renderFirstScreen } from './prerender.tsx';

/** The page's markup, the font files its text uses, and the instant its times were rendered against (decision 113). */
export type LandingRender = { body: string; fontSlices: string[]; renderedAt: number };

/**
 * A shared link's page rendered for one request (decision 110): the page as a signed-out visitor
 * sees it, from `answers` (its reads, by address, as the API answers them), and the font files its
 * text uses in `fontStylesheet` (the built stylesheet of its language). Built by `vite build --ssr`
 * into `dist/server/` and run by the API. The render reads module-level state (the display
 * preference, the in-page answers), so its caller runs one at a time.
 */
export async function renderLandingPage(
  pathname: string,
  preference: DisplayPreference,
  answers: Readonly<Record<string, unknown>>,
  fontStylesheet: string,
  signal?: AbortSignal,
): Promise<LandingRender> {
  provideInPageAnswers(answers);
  const renderedAt = Date.now();
  setServerRenderInstant(renderedAt);
  try {
    const body = await renderFirstScreen(pathname, preference, signal);
    return { body, fontSlices: fontSlicesFor(fontStylesheet, textOfHtml(body)), renderedAt };
  } finally {
    provideInPageAnswers({});
    setServerRenderInstant(null);
  }
}
