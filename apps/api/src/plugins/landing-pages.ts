import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  fontStylesheetsFileName,
  formatDisplayPreference,
  serverShellFileName,
  type DisplayPreference,
  type Language,
  type ServerRenderedPage,
} from '@orchard/shared';
import type { FastifyBaseLogger } from 'fastify';

/** What the web build's renderer exports (apps/web/src/landing-render.tsx). */
type LandingRendererModule = {
  renderLandingPage(
    pathname: string,
    preference: DisplayPreference,
    answers: Readonly<Record<string, unknown>>,
    fontStylesheet: string,
    signal?: AbortSignal,
  ): Promise<{ body: string; fontSlices: string[]; renderedAt: number }>;
};

/** A render that takes longer than this is given up: the page goes out as the app's shell. */
export const landingRenderTimeoutMs = 2_000;
/**
 * Renders wait their turn (the renderer reads module-level state); past this many waiting, a page
 * goes out unrendered at once rather than queueing behind a flood (decision 110).
 */
export const landingRenderQueueLimit = 8;

const escapeAttribute = (text: string) => text.replace(/[&<>"']/g, (character) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[character]!);

export type LandingPages = {
  /**
   * The page's HTML with its first screen rendered from `answers` (the reads its HTML will carry),
   * or null when the build has no renderer, the queue is full or the render failed.
   */
  render(page: ServerRenderedPage, pathname: string, preference: DisplayPreference, answers: Readonly<Record<string, unknown>>): Promise<string | null>;
};

/**
 * The web build's renderer of shared links' pages (`dist/server/landing-render.js`) with the
 * shells and font stylesheets the prerender wrote; null for a build without them (decision 110).
 */
export async function loadLandingPages(dist: string, log: FastifyBaseLogger): Promise<LandingPages | null> {
  const rendererFile = path.join(dist, 'server', 'landing-render.js');
  const fontsFile = path.join(dist, 'prerendered', fontStylesheetsFileName);
  if (!fs.existsSync(rendererFile) || !fs.existsSync(fontsFile)) return null;
  const renderer = (await import(pathToFileURL(rendererFile).href)) as LandingRendererModule;
  const fontStylesheets = JSON.parse(fs.readFileSync(fontsFile, 'utf8')) as Record<Language, string>;
  const shells = new Map<ServerRenderedPage, string>();
  const shellOf = (page: ServerRenderedPage) => {
    if (!shells.has(page)) {
      const file = path.join(dist, 'prerendered', serverShellFileName(page));
      shells.set(page, fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '');
    }
    return shells.get(page)!;
  };
  let turn: Promise<unknown> = Promise.resolve();
  let waiting = 0;
  return {
    async render(page, pathname, preference, answers) {
      const shell = shellOf(page);
      if (!shell.includes('<div id="root"></div>') || waiting >= landingRenderQueueLimit) return null;
      waiting += 1;
      const rendered = turn.then(() => renderer.renderLandingPage(pathname, preference, answers, fontStylesheets[preference.language], AbortSignal.timeout(landingRenderTimeoutMs)));
      turn = rendered.catch(() => undefined);
      try {
        const { body, fontSlices, renderedAt } = await rendered;
        // Replacement functions: a `$&` in a user's title must not splice the page into itself.
        return shell
          .replace(/<html lang="[^"]*">/, () => `<html lang="${preference.language}">`)
          .replace(
            '<div id="root"></div>',
            () =>
              `<div id="root" data-prerendered="${formatDisplayPreference(preference)}" data-server-rendered="" data-rendered-at="${Number(renderedAt)}" data-font-slices="${escapeAttribute(fontSlices.join(' '))}">${body}</div>`,
          );
      } catch (error) {
        log.warn({ err: error, pathname }, 'landing page render failed; sent unrendered');
        return null;
      } finally {
        waiting -= 1;
      }
    },
  };
}
