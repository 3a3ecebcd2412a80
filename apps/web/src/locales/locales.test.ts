import fs from 'node:fs';
import path from 'node:path';
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

const sourceDir = path.resolve(import.meta.dirname, '..');

/** A namespace's strings by key (every leaf is a string: the parity test above checks it). */
const stringResources = (language: string, namespace: string) => resources(language, namespace) as Map<string, string>;

/**
 * Values that are rightly the same as the English one: brand and product names, and words the
 * language borrows as they are. Keyed by `namespace:key`, with the languages it holds for.
 */
const sameAsEnglish: Record<string, readonly string[]> = {
  'common:app.name': ['zh', 'es'],
  'myPage:payment.methods.toss_pay': ['zh', 'ja', 'es'],
  'myPage:payment.methods.naver_pay': ['zh', 'ja', 'es'],
  'myPage:payment.methods.kakao_pay': ['zh', 'ja', 'es'],
  'myPage:completedCharge.ok': ['ja'],
  'projectDetail:dDay': ['ko', 'zh', 'ja'],
  'projectDetail:dMinus': ['ko', 'zh', 'ja', 'es'],
  'mediaDetail:guide.megabytes': ['zh', 'es'],
  'mediaDetail:packages.premium': ['es'],
  'mediaDetail:packages.prestige': ['es'],
  // Spanish keeps the product's point names (docs/product.md#points) and these loanwords.
  'common:points.orange': ['es'],
  'common:points.berry': ['es'],
  'common:points.amount.orange': ['es'],
  'common:points.amount.berry': ['es'],
  'common:languageCurrency.orangePrice': ['es'],
  'common:actions.no': ['es'],
  'home:top10': ['es'],
  'home:tabs.ranking': ['es'],
  // Korean and Japanese charts write a newcomer as NEW.
  'home:ranking.movement.new': ['ko', 'ja'],
  'createProject:thumbnail.zoom': ['es'],
  // A brand, and an example address.
  'film:card.youtube': ['ko', 'zh', 'ja', 'es'],
  'film:form.youtubePlaceholder': ['ko', 'zh', 'ja', 'es'],
};

describe('translated, not copied (docs/product.md#languages)', () => {
  it('translate every string that has words, instead of copying the English one', () => {
    const untranslated: string[] = [];
    for (const namespace of namespaces) {
      const english = stringResources('en', namespace);
      for (const language of languages.filter((code) => code !== 'en')) {
        for (const [key, value] of stringResources(language, namespace)) {
          const hasWords = /\p{L}/u.test(value.replace(/\{\{[^}]*\}\}/g, ''));
          if (!hasWords || english.get(key) !== value) continue;
          if (sameAsEnglish[`${namespace}:${key}`]?.includes(language)) continue;
          untranslated.push(`${language}/${namespace}: ${key} = ${JSON.stringify(value)}`);
        }
      }
    }
    expect(untranslated).toEqual([]);
  });

  it('write Orange and Berry in the language’s own script in Korean, Japanese and Chinese', () => {
    const latin: string[] = [];
    for (const language of ['ko', 'ja', 'zh']) {
      for (const namespace of namespaces) {
        for (const [key, value] of stringResources(language, namespace)) if (/\b(orange|berry)\b/i.test(value.replace(/\{\{[^}]*\}\}/g, ''))) latin.push(`${language}/${namespace}: ${key} = ${value}`);
      }
    }
    expect(latin).toEqual([]);
  });

  it('leave no Korean particle for the reader to pick, such as 을(를)', () => {
    const unresolved = namespaces.flatMap((namespace) =>
      [...stringResources('ko', namespace)].filter(([, value]) => /을\(를\)|를\(을\)|이\(가\)|가\(이\)|은\(는\)|는\(은\)|과\(와\)|와\(과\)|\(으\)로/.test(value)).map(([key]) => `${namespace}: ${key}`),
    );
    expect(unresolved).toEqual([]);
  });
});

describe('the keys the code asks for', () => {
  const english = Object.fromEntries(namespaces.map((namespace) => [namespace, stringResources('en', namespace)]));
  const exists = (namespace: string, key: string) => {
    const keys = english[namespace];
    return keys !== undefined && (keys.has(key) || keys.has(`${key}_other`) || [...keys.keys()].some((known) => known.startsWith(`${key}.`)));
  };
  const sourceFiles = (directory: string): string[] =>
    fs.readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
      const full = path.join(directory, entry.name);
      if (entry.isDirectory()) return entry.name === 'locales' || entry.name === 'test' ? [] : sourceFiles(full);
      return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
    });

  /**
   * Each top-level function of a file is one component or hook: a literal key it translates must
   * exist, and a key from another namespace needs that namespace in the function's
   * useTranslation list (common is always loaded), or it shows as its raw key until something else
   * happens to load that namespace.
   */
  it('exist, in a namespace the component loads', () => {
    const problems: string[] = [];
    for (const file of sourceFiles(sourceDir)) {
      const name = path.relative(sourceDir, file);
      const functions = fs.readFileSync(file, 'utf8').split(/\n(?=(?:export )?(?:default )?(?:async )?function |(?:export )?const \w+ = (?:\(|memo|forwardRef))/);
      for (const body of functions) {
        const translation = body.match(/useTranslation\((\[[^\]]*\]|'[^']*')?/);
        if (!translation) continue;
        const loaded = translation[1] ? [...translation[1].matchAll(/'([^']+)'/g)].map((match) => match[1]!) : ['common'];
        for (const [, literal] of body.matchAll(/\bt\(\s*'([^']+)'/g)) {
          const [namespace, key] = literal!.includes(':') ? (literal!.split(/:(.*)/s) as [string, string]) : [loaded[0]!, literal!];
          if (literal!.includes(':') && namespace !== 'common' && !loaded.includes(namespace)) problems.push(`${name}: ${literal} (loads ${loaded.join(', ')})`);
          if (!exists(namespace, key)) problems.push(`${name}: ${literal} does not exist`);
        }
      }
    }
    expect(problems).toEqual([]);
  });
});
