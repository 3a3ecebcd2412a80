import { describe, expect, it } from 'vitest';
import { fromAcceptLanguage, resolveLanguage } from './language.ts';

describe('resolveLanguage', () => {
  it('prefers lang, then the user setting, then Accept-Language, then Korean', () => {
    expect(resolveLanguage({ lang: 'es', userLanguage: 'ja', acceptLanguage: 'en' })).toBe('es');
    expect(resolveLanguage({ userLanguage: 'ja', acceptLanguage: 'en' })).toBe('ja');
    expect(resolveLanguage({ userLanguage: null, acceptLanguage: 'en-US,en;q=0.9' })).toBe('en');
    expect(resolveLanguage({})).toBe('ko');
  });

  it('ignores a user setting that is not an interface language', () => {
    expect(resolveLanguage({ userLanguage: 'fr', acceptLanguage: 'zh-CN' })).toBe('zh');
  });
});

describe('fromAcceptLanguage', () => {
  it('takes the highest-quality supported tag, in header order on ties', () => {
    expect(fromAcceptLanguage('fr;q=1, ja;q=0.5, es;q=0.8')).toBe('es');
    expect(fromAcceptLanguage('de, ja, en')).toBe('ja');
    expect(fromAcceptLanguage('zh-Hant-TW;q=0.7, ko-KR;q=0.7')).toBe('zh');
  });

  it('skips q=0 and answers nothing for unsupported, empty or garbage headers', () => {
    expect(fromAcceptLanguage('en;q=0, ja;q=0.1')).toBe('ja');
    expect(fromAcceptLanguage('fr, de')).toBeUndefined();
    expect(fromAcceptLanguage('')).toBeUndefined();
    expect(fromAcceptLanguage(undefined)).toBeUndefined();
    expect(fromAcceptLanguage(';;;,,,q=abc\u0000')).toBeUndefined();
  });
});
