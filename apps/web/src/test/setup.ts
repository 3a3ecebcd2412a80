import { cleanup } from '@testing-library/react';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { afterEach, beforeAll, vi } from 'vitest';

// Every English namespace, loaded up front: component tests assert on real translated text.
const english = import.meta.glob<{ default: Record<string, unknown> }>('../locales/en/*.json', { eager: true });

beforeAll(async () => {
  if (i18next.isInitialized) return;
  const resources: Record<string, Record<string, unknown>> = {};
  for (const [path, module] of Object.entries(english)) {
    const namespace = path.match(/\/([^/]+)\.json$/)![1]!;
    resources[namespace] = module.default;
  }
  await i18next.use(initReactI18next).init({
    lng: 'en',
    fallbackLng: 'en',
    resources: { en: resources },
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
  });
});

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
  vi.restoreAllMocks();
  vi.useRealTimers();
});
