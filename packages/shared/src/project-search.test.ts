import { describe, expect, it } from 'vitest';
import { projectSearchKey, searchQuerySchema } from './discovery.ts';
import { publicProjectsQuerySchema } from './projects.ts';
import { foldForSearch } from './text.ts';

const lumina = { ko: '루미나', en: 'LUMINA', zh: '流明娜', ja: 'ルミナ', es: 'Lumina' };

describe("a project's search key (docs/product.md#discovery)", () => {
  it('finds the project by its title and by its artist in any language, case, width or script', () => {
    const key = projectSearchKey('Happy birthday subway ad', lumina);
    for (const query of ['birthday', 'BIRTHDAY SUBWAY', 'ＬＵＭＩＮＡ', 'lumina', '루미나', 'ㄹㅁㄴ', 'るみな', 'ルミナ', '流明娜']) {
      expect(key, query).toContain(foldForSearch(query.trim()));
    }
    expect(key).not.toContain(foldForSearch('stella'));
  });

  it('folds a Korean title by its initial consonants too', () => {
    expect(projectSearchKey('생일 축하 광고', lumina)).toContain(foldForSearch('ㅅㅇ'));
  });

  it('is the same whatever order the names come in', () => {
    const reversed = Object.fromEntries(Object.entries(lumina).reverse());
    expect(projectSearchKey('Title', reversed)).toBe(projectSearchKey('Title', lumina));
  });
});

describe('search text as typed', () => {
  const q = (value: string) => searchQuerySchema.safeParse({ q: value });

  it('is trimmed, then 1–100 characters', () => {
    expect(q('  루미나  ')).toMatchObject({ success: true, data: { q: '루미나' } });
    expect(q(` ${'x'.repeat(100)} `).success).toBe(true);
    for (const refused of ['', '   ', '\u3000', 'x'.repeat(101)]) expect(q(refused).success, JSON.stringify(refused)).toBe(false);
  });

  it('refuses control characters anywhere, even where a trim would drop them', () => {
    for (const refused of ['a\u0000b', '\nlumina', 'lumina\r', 'a\u001bb', 'a\u0085b', '\ud800']) expect(q(refused).success, JSON.stringify(refused)).toBe(false);
  });

  it('is required, and nothing else is accepted beside lang', () => {
    expect(searchQuerySchema.safeParse({}).success).toBe(false);
    expect(searchQuerySchema.safeParse({ q: 'a', lang: 'ja' }).success).toBe(true);
    expect(searchQuerySchema.safeParse({ q: 'a', limit: '5' }).success).toBe(false);
  });
});

describe('the public list query', () => {
  const parse = (query: Record<string, string>) => publicProjectsQuerySchema.safeParse(query);

  it('defaults to latest and no following filter', () => {
    expect(parse({})).toMatchObject({ success: true, data: { sort: 'latest', following: false } });
    expect(parse({ following: 'true', sort: 'deadline', status: 'funding' })).toMatchObject({ success: true, data: { following: true, sort: 'deadline' } });
  });

  it('refuses unknown sorts, following values other than true and false, and a deadline sort of projects that do not close', () => {
    const refused: Record<string, string>[] = [{ sort: 'foo' }, { sort: 'DEADLINE' }, { following: 'yes' }, { following: '1' }, { following: '' }, { sort: 'deadline', status: 'awarded' }, { q: '' }];
    for (const query of refused) expect(parse(query).success, JSON.stringify(query)).toBe(false);
  });
});
