import type { Language } from '@orchard/shared';
import i18next from 'i18next';
import { onTestFinished } from 'vitest';

const locales = import.meta.glob<{ default: Record<string, unknown> }>('../locales/*/*.json');

/**
 * Shows the test's screens in `language` with the app's real translations (test/setup.ts loads
 * English only), for tests that assert how a sentence reads in that language. English comes back
 * when the test ends.
 */
export async function translateInto(language: Language) {
  for (const [path, load] of Object.entries(locales)) {
    const [, localeLanguage, namespace] = path.match(/\/locales\/([^/]+)\/([^/]+)\.json$/)!;
    if (localeLanguage !== language || i18next.hasResourceBundle(language, namespace!)) continue;
    i18next.addResourceBundle(language, namespace!, (await load()).default);
  }
  await i18next.changeLanguage(language);
  onTestFinished(async () => {
    await i18next.changeLanguage('en');
  });
}
