import { describe, expect, it } from 'vitest';
import { errorCodes } from '@orchard/shared';
import { languages } from '../lib/locale.ts';
import { namespaces } from '../lib/i18n.ts';

const files = import.meta.glob<{ default: Record<string, unknown> }>('./*/*.json', { eager: true });
const pluralSuffix = /_(zero|one|two|few|many|other)$/;

function flatten(value: unknown, prefix = ''): Map<string, unknown> {
  const entries = new Map<string, unknown>();
  for (const [key, child] of Object.entries(value as Record<string, unknown>)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (child !== null && typeof child === 'object') for (const [nested, leaf] of flatten(child, path)) entries.set(nested, leaf);
    else entries.set(path, child);
  }
  return entries;
}

function resources(language: string, namespace: string): Map<string, unknown> {
  const file = files[`./${language}/${namespace}.json`];
  expect(file, `${language}/${namespace}.json exists`).toBeDefined();
  return flatten(file!.default);
}

/** A plural key counts once by its base; each language must carry the forms its grammar needs. */
function baseKeys(entries: Map<string, unknown>): Set<string> {
  return new Set([...entries.keys()].map((key) => key.replace(pluralSuffix, '')));
}

describe('translations (docs/product.md#languages: every key in all five languages)', () => {
  for (const namespace of namespaces) {
    it(`${namespace}: every language has every key, none empty, with its plural forms`, () => {
      const reference = baseKeys(resources('en', namespace));
      for (const language of languages) {
        const entries = resources(language, namespace);
        const keys = baseKeys(entries);
        const missing = [...reference].filter((key) => !keys.has(key));
        const extra = [...keys].filter((key) => !reference.has(key));
        expect(missing, `${language}/${namespace} missing`).toEqual([]);
        expect(extra, `${language}/${namespace} not in en`).toEqual([]);
        for (const [key, value] of entries) {
          expect(typeof value === 'string' && value.trim().length > 0, `${language}/${namespace}:${key} is empty`).toBe(true);
        }
        const pluralBases = new Set([...entries.keys()].filter((key) => pluralSuffix.test(key)).map((key) => key.replace(pluralSuffix, '')));
        const categories = new Intl.PluralRules(language).resolvedOptions().pluralCategories;
        for (const base of pluralBases) {
          for (const category of categories) expect(entries.has(`${base}_${category}`), `${language}/${namespace}:${base}_${category}`).toBe(true);
        }
      }
    });
  }

  it('has no namespace file outside the declared namespaces', () => {
    const declared = new Set<string>(namespaces);
    const found = Object.keys(files).map((path) => path.split('/')[2]!.replace('.json', ''));
    expect(found.filter((namespace) => !declared.has(namespace))).toEqual([]);
  });
});

describe('API error codes (docs/architecture.md#errors: each code picks a translated message)', () => {
  it('has a message for every code the API can send', () => {
    const messages = resources('en', 'common');
    const missing = errorCodes.filter((code) => !messages.has(`errors.${code}`));
    expect(missing).toEqual([]);
  });
});
