import { beforeEach, describe, expect, it } from 'vitest';
import { recentSearchesLimit, recentSearchesStorageKey, useRecentSearchesStore } from './recent-searches.ts';

const searches = () => useRecentSearchesStore.getState().searches;
const { add, remove, clear } = useRecentSearchesStore.getState();

describe('recent searches (docs/product.md#discovery: kept on the device)', () => {
  beforeEach(() => useRecentSearchesStore.setState({ searches: [] }));

  it('puts the newest first, trimmed, and ignores an empty search', () => {
    add('lumina');
    add('  stella ');
    add('   ');
    expect(searches()).toEqual(['stella', 'lumina']);
  });

  it('keeps one copy of a search, moved to the front, whatever its case or width', () => {
    add('lumina');
    add('stella');
    add('ＬＵＭＩＮＡ');
    expect(searches()).toEqual(['ＬＵＭＩＮＡ', 'stella']);
  });

  it(`keeps at most ${recentSearchesLimit}, dropping the oldest`, () => {
    for (let index = 1; index <= 12; index += 1) add(`search ${index}`);
    expect(searches()).toHaveLength(recentSearchesLimit);
    expect(searches()[0]).toBe('search 12');
    expect(searches().at(-1)).toBe('search 3');
  });

  it('removes one, or all', () => {
    add('a');
    add('b');
    add('c');
    remove('b');
    expect(searches()).toEqual(['c', 'a']);
    clear();
    expect(searches()).toEqual([]);
  });

  it('persists in localStorage and reads back only what it could have written', async () => {
    add('루미나');
    expect(JSON.parse(localStorage.getItem(recentSearchesStorageKey)!).state).toEqual({ searches: ['루미나'] });
    const saved = ['new', 42, 'NEW', '', 'x'.repeat(101), ...Array.from({ length: 12 }, (_, index) => `old ${index}`)];
    localStorage.setItem(recentSearchesStorageKey, JSON.stringify({ state: { searches: saved }, version: 0 }));
    await useRecentSearchesStore.persist.rehydrate();
    expect(searches()).toEqual(['new', ...Array.from({ length: 9 }, (_, index) => `old ${index}`)]);
    localStorage.setItem(recentSearchesStorageKey, JSON.stringify({ state: { searches: 'nope' }, version: 0 }));
    await useRecentSearchesStore.persist.rehydrate();
    expect(searches()).toEqual([]);
  });
});
