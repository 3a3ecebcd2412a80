import { describe, expect, it } from 'vitest';
import { formatDisplayPreference, parseDisplayPreference, prerenderedFileName } from './display-preference.ts';
import { currencies, languages } from './locale-codes.ts';

describe('the display-preference cookie', () => {
  it('reads back every language and currency it writes', () => {
    for (const language of languages) {
      for (const currency of currencies) {
        expect(parseDisplayPreference(formatDisplayPreference({ language, currency }))).toEqual({ language, currency });
      }
    }
  });

  it('reads anything else as the default Korean and KRW', () => {
    for (const value of [undefined, '', 'ko', 'xx.KRW', 'ko.EUR', 'KO.krw', 'ko.KRW.extra', '../ko.KRW', '__proto__.KRW', 'ko.KRW\u0000']) {
      expect(parseDisplayPreference(value)).toEqual({ language: 'ko', currency: 'KRW' });
    }
  });

  it('names the prerendered page of a landing path', () => {
    expect(prerenderedFileName('/', { language: 'ja', currency: 'JPY' })).toBe('home.ja.JPY.html');
    expect(prerenderedFileName('/login', { language: 'en', currency: 'USD' })).toBe('login.en.USD.html');
  });
});
