import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { translateInto } from '../test/i18n.ts';
import { formatPoints, signedAmount } from './points-text.ts';

describe('signed amounts', () => {
  it('marks credits and debits', () => {
    expect(signedAmount(500, '500')).toBe('+500');
    expect(signedAmount(-1300, '1,300')).toBe('\u22121,300');
    expect(signedAmount(0, '0')).toBe('0');
  });
});

// docs/product.md#points: the currency's name in the viewer's language, in its word order.
describe('point amounts in every language', () => {
  const expected = {
    ko: { orange: '1,050 오렌지', berry: '1,050 베리' },
    en: { orange: '1,050 Orange', berry: '1,050 Berry' },
    zh: { orange: '1,050 橙子', berry: '1,050 浆果' },
    ja: { orange: '1,050オレンジ', berry: '1,050ベリー' },
    es: { orange: '1050 Orange', berry: '1050 Berry' },
  } as const;

  for (const [language, byCurrency] of Object.entries(expected) as [keyof typeof expected, (typeof expected)[keyof typeof expected]][]) {
    it(`writes both currencies in ${language}`, async () => {
      await translateInto(language);
      expect(formatPoints(i18next.t, language, 1050, 'orange')).toBe(byCurrency.orange);
      expect(formatPoints(i18next.t, language, 1050, 'berry')).toBe(byCurrency.berry);
    });
  }

  it('uses the same name the language uses for the currency elsewhere', async () => {
    for (const language of ['ko', 'zh', 'ja'] as const) {
      await translateInto(language);
      for (const currency of ['orange', 'berry'] as const) {
        const name = i18next.t(`common:points.${currency}`);
        expect(formatPoints(i18next.t, language, 3, currency)).toContain(name);
        expect(formatPoints(i18next.t, language, 3, currency)).not.toMatch(/Orange|Berry/);
      }
    }
  });

  it('signs a history amount with a true minus and groups the digits', async () => {
    await translateInto('ko');
    expect(formatPoints(i18next.t, 'ko', -1300, 'orange', { signed: true })).toBe('\u22121,300 오렌지');
    expect(formatPoints(i18next.t, 'ko', 13, 'berry', { signed: true })).toBe('+13 베리');
  });
});
