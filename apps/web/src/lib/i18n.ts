import i18next, { type BackendModule, type ReadCallback, type TFunction } from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Language } from '@orchard/shared';
import { ApiError } from './api-error.ts';
import { fallbackLanguage, languages } from './locale.ts';

/** The namespaces of docs/architecture.md#web, plus the ones this app needs beyond them (auth, join, film, notification, proof, settlement, accounts). */
export const namespaces = [
  'common',
  'home',
  'requestFunding',
  'createProject',
  'myPage',
  'project',
  'projectDetail',
  'artist',
  'mediaDetail',
  'auth',
  'join',
  'film',
  'notification',
  'operator',
  'terms',
  'community',
  'search',
  'support',
  'proof',
  'settlement',
  'accounts',
] as const;
export type Namespace = (typeof namespaces)[number];

type NamespaceModule = { default: Record<string, unknown> };
// Each language × namespace file becomes its own small chunk, fetched the first time it is used.
const namespaceLoaders = import.meta.glob<NamespaceModule>('../locales/*/*.json');

export function loadNamespace(language: string, namespace: string): Promise<Record<string, unknown>> {
  const loader = namespaceLoaders[`../locales/${language}/${namespace}.json`];
  if (!loader) return Promise.reject(new Error(`No translations for ${language}/${namespace}`));
  return loader().then((module) => module.default);
}

const lazyNamespaceBackend: BackendModule = {
  type: 'backend',
  init() {},
  read(language: string, namespace: string, callback: ReadCallback) {
    loadNamespace(language, namespace).then(
      (resources) => callback(null, resources),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), false),
    );
  },
};

export function initI18n(language: Language) {
  document.documentElement.lang = language;
  i18next.on('languageChanged', (next) => {
    document.documentElement.lang = next;
  });
  return i18next
    .use(lazyNamespaceBackend)
    .use(initReactI18next)
    .init({
      lng: language,
      fallbackLng: fallbackLanguage,
      supportedLngs: [...languages],
      load: 'currentOnly',
      ns: ['common'],
      defaultNS: 'common',
      interpolation: { escapeValue: false },
      returnNull: false,
      react: { useSuspense: true },
    });
}

export { i18next };

/** docs/architecture.md#errors: the API's error code picks a translated message; unknown codes get a generic one. */
export function apiErrorMessage(t: TFunction, error: unknown): string {
  if (error instanceof ApiError) {
    const key = `common:errors.${error.code}`;
    if (i18next.exists(key)) return t(key);
    if (error.status >= 500) return t('common:errors.internal');
  }
  return t('common:errors.generic');
}
