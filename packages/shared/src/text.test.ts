import { describe, expect, it } from 'vitest';
import { artistSearchKey, foldForSearch } from './text.ts';

describe('search folding', () => {
  it('matches katakana and hiragana forms of one name', () => {
    expect(artistSearchKey(['レッドベルベット'])).toContain(foldForSearch('れっどべるべっと'));
    expect(artistSearchKey(['れっどべるべっと'])).toContain(foldForSearch('レッド'));
  });

  it('matches a Korean initial-consonant (chosung) query', () => {
    const key = artistSearchKey(['레드벨벳', 'Red Velvet']);
    for (const query of ['ㄹㄷㅂㅂ', 'ㄹㄷ', 'ㅂㅂ']) expect(key, query).toContain(foldForSearch(query));
    expect(artistSearchKey(['르세라핌'])).toContain(foldForSearch('ㄹㅅㄹ'));
    expect(key).not.toContain(foldForSearch('ㅁㅁ'));
  });

  it('still folds case and accents', () => {
    expect(artistSearchKey(['Beyoncé'])).toContain(foldForSearch('BEYONCE'));
  });
});
