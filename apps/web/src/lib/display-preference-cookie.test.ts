import { describe, expect, it } from 'vitest';
import { isPrerenderedFor, writeDisplayPreferenceCookie } from './display-preference-cookie.ts';

describe('the display-preference cookie (decision 012)', () => {
  it('is written for the whole site, for a year, same-site', () => {
    const target = { cookie: '' };
    writeDisplayPreferenceCookie({ language: 'ja', currency: 'USD' }, target);
    expect(target.cookie).toBe('orchard-display=ja.USD; Path=/; Max-Age=31536000; SameSite=Lax');
  });

  it('keeps a prerendered page only when it was rendered in the device language and currency', () => {
    const root = document.createElement('div');
    expect(isPrerenderedFor(root, { language: 'ko', currency: 'KRW' })).toBe(false);
    root.dataset.prerendered = 'ko.KRW';
    expect(isPrerenderedFor(root, { language: 'ko', currency: 'KRW' })).toBe(true);
    expect(isPrerenderedFor(root, { language: 'en', currency: 'KRW' })).toBe(false);
    expect(isPrerenderedFor(root, { language: 'ko', currency: 'USD' })).toBe(false);
  });
});
