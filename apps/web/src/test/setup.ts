import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { afterAll, afterEach, beforeAll, beforeEach, vi } from 'vitest';
import { server } from './server.ts';

// The machine runs many suites at once: a first render that loads its modules may take seconds.
configure({ asyncUtilTimeout: 5000 });

// Every English namespace, loaded up front: component tests assert on real translated text.
const english = import.meta.glob<{ default: Record<string, unknown> }>('../locales/en/*.json', { eager: true });

beforeAll(async () => {
  server.listen({ onUnhandledRequest: 'error' });
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

// An error logged during a test fails it: React's warnings (act, keys, hydration), a failed
// request nobody expected, an unhandled request. A test that expects a logged error says so with
// `vi.spyOn(console, 'error').mockImplementation(...)`, which replaces this for that test.
const consoleError = console.error;
let loggedErrors: unknown[][] = [];
beforeEach(() => {
  loggedErrors = [];
  console.error = (...args: unknown[]) => {
    loggedErrors.push(args);
    consoleError(...args);
  };
});

afterEach(() => {
  cleanup();
  server.resetHandlers();
  localStorage.clear();
  sessionStorage.clear();
  vi.restoreAllMocks();
  vi.useRealTimers();
  console.error = consoleError;
  if (loggedErrors.length > 0) {
    const first = loggedErrors[0]!.map((part) => (part instanceof Error ? part.message : String(part))).join(' ');
    throw new Error(`console.error was called ${loggedErrors.length} time(s) during the test; the first: ${first}`);
  }
});

afterAll(() => server.close());
