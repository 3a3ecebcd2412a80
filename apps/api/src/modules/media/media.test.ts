import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { languages, mediaSubCategoryCodes, type AdPackage, type Medium, type MediumDetail } from '@orchard/shared';
import { createTestContext, errorCode, type TestContext } from '../../../test/harness.ts';
import { users } from '../users/users.table.ts';
import { adPackageRows } from './media.reference-data.ts';
import { sampleMediumRows } from './media.sample-data.ts';
import { media } from './media.table.ts';
import { durationsWithin } from './media.service.ts';

type MediaPage = { items: Medium[]; nextCursor: string | null };

describe('sample media catalogue', () => {
  const rows = sampleMediumRows();

  it('has at least 30 media, in every sub-category, at places in Seoul, Incheon, Gimpo and Jeju', () => {
    expect(rows.length).toBeGreaterThanOrEqual(30);
    expect(new Set(rows.map((row) => row.subCategoryCode))).toEqual(new Set(mediaSubCategoryCodes));
    for (const row of rows) {
      // The Seoul metropolitan area (with Incheon and Gimpo) or Jeju island.
      const metropolitan = row.latitude > 37.3 && row.latitude < 37.7 && row.longitude > 126.4 && row.longitude < 127.2;
      const jeju = row.latitude > 33.1 && row.latitude < 33.6 && row.longitude > 126.1 && row.longitude < 127;
      expect(metropolitan || jeju, row.names.en).toBe(true);
    }
    for (const city of ['Seoul', 'Incheon', 'Jeju']) expect(rows.some((row) => row.addresses.en.endsWith(city)), city).toBe(true);
    expect(rows.some((row) => row.names.en.startsWith('Gimpo'))).toBe(true);
  });

  it('writes every text in all five languages, each really translated', () => {
    for (const row of rows) {
      for (const field of ['names', 'addresses', 'operatorNames', 'operationHours', 'descriptions'] as const) {
        for (const language of languages) expect(row[field][language].trim(), `${row.names.en} ${field} ${language}`).not.toBe('');
        // Korean, Chinese and Japanese texts are each written in their own script.
        expect(row[field].ko, `${row.names.en} ${field}`).toMatch(/[\p{Script=Hangul}\d]/u);
        expect(new Set([row[field].ko, row[field].zh, row[field].ja]).size, `${row.names.en} ${field}`).toBe(3);
      }
      expect(row.descriptions.en).not.toBe(row.descriptions.es);
      for (const language of languages) expect(row.salesPolicy[language].length, `${row.names.en} policy ${language}`).toBe(row.salesPolicy.ko.length);
    }
    expect(new Set(rows.map((row) => row.names.en)).size, 'media names are distinct').toBe(rows.length);
  });

  it('offers media in every category each package may include', () => {
    for (const adPackage of adPackageRows) {
      for (const code of adPackage.categoryCodes) expect(rows.some((row) => row.categoryCode === code), `${adPackage.id} ${code}`).toBe(true);
    }
  });
});

describe('durationsWithin', () => {
  it('keeps day durations within the package period and leaves spot lengths alone', () => {
    expect(durationsWithin({ priceUnit: 'day', durations: [3, 7, 14, 28] }, 7)).toEqual([3, 7]);
    expect(durationsWithin({ priceUnit: 'day', durations: [3, 7, 14, 28] }, 14)).toEqual([3, 7, 14]);
    expect(durationsWithin({ priceUnit: 'day', durations: [7, 14] }, undefined)).toEqual([7, 14]);
    expect(durationsWithin({ priceUnit: 'second', durations: [15, 30] }, 7)).toEqual([15, 30]);
  });
});

describe('media routes', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext();
  });
  afterAll(() => t.close());

  const getJson = async <T>(url: string, headers: Record<string, string> = {}, cookie?: string) => {
    const response = await t.request({ url, headers, cookie });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as T;
  };

  async function allPages(query: string): Promise<Medium[]> {
    const items: Medium[] = [];
    let cursor: string | null = null;
    do {
      const page: MediaPage = await getJson(`/api/media?${query}&limit=7${cursor ? `&cursor=${cursor}` : ''}`);
      items.push(...page.items);
      cursor = page.nextCursor;
    } while (cursor);
    return items;
  }

  it('pages through the whole catalogue by keyset, in id order, without repeats', async () => {
    const items = await allPages('lang=en');
    expect(items.length).toBe(sampleMediumRows().length);
    const ids = items.map((item) => item.id);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('answers in lang, else the user setting, else Accept-Language, else Korean', async () => {
    const [first] = (await getJson<MediaPage>('/api/media?limit=1')).items;
    const names = (await t.database.db.select({ names: media.names }).from(media).where(eq(media.id, first!.id)))[0]!.names;
    expect(first!.name).toBe(names.ko);
    expect((await getJson<MediaPage>('/api/media?limit=1', { 'accept-language': 'ja-JP,ja;q=0.9' })).items[0]!.name).toBe(names.ja);
    expect((await getJson<MediaPage>('/api/media?limit=1&lang=es', { 'accept-language': 'ja' })).items[0]!.name).toBe(names.es);
    const user = await t.createUser();
    await t.database.db.update(users).set({ language: 'zh' }).where(eq(users.id, user.id));
    expect((await getJson<MediaPage>('/api/media?limit=1', { 'accept-language': 'ja' }, user.cookie)).items[0]!.name).toBe(names.zh);
    const detail = await getJson<MediumDetail>(`/api/media/${first!.id}?lang=en`);
    expect(detail.name).toBe(names.en);
  });

  it('filters by package: only its categories, day durations within its period', async () => {
    const basic = await allPages('packageId=basic');
    expect(basic.length).toBeGreaterThan(0);
    expect(new Set(basic.map((item) => item.categoryCode))).toEqual(new Set(['ADMM002', 'ADMM004']));
    for (const item of basic.filter((medium) => medium.priceUnit === 'day')) expect(Math.max(...item.durations), item.name).toBeLessThanOrEqual(7);
    const prestige = await allPages('packageId=prestige');
    expect(prestige.length).toBe(sampleMediumRows().length);
    expect(prestige.some((item) => item.durations.includes(28))).toBe(true);
  });

  it('filters by category, and a category outside the package gives an empty list', async () => {
    const airports = await allPages('categoryCode=ADMM003');
    expect(airports.length).toBeGreaterThan(0);
    expect(airports.every((item) => item.categoryCode === 'ADMM003' && item.subCategoryCode.match(/^ADMS0(08|09|10)$/))).toBe(true);
    expect(await getJson<MediaPage>('/api/media?packageId=basic&categoryCode=ADMM003')).toEqual({ items: [], nextCursor: null });
  });

  it('answers a project media list by ids, withdrawn media included, unknown ids left out', async () => {
    const [a, b] = (await getJson<MediaPage>('/api/media?limit=2')).items;
    await t.database.db.update(media).set({ offered: false }).where(eq(media.id, b!.id));
    try {
      const listed = await getJson<MediaPage>(`/api/media?ids=${b!.id},${a!.id},999999`);
      expect(listed.items.map((item) => item.id)).toEqual([a!.id, b!.id]);
      const offered = await allPages('lang=ko');
      expect(offered.some((item) => item.id === b!.id)).toBe(false);
    } finally {
      await t.database.db.update(media).set({ offered: true }).where(eq(media.id, b!.id));
    }
  });

  it('answers a medium with its production guide and sales policy, and 404 for an unknown one', async () => {
    const [first] = (await getJson<MediaPage>('/api/media?limit=1&lang=en')).items;
    const detail = await getJson<MediumDetail>(`/api/media/${first!.id}?lang=en`);
    expect(detail).toMatchObject({ id: first!.id, name: first!.name, price: first!.price, priceUnit: first!.priceUnit });
    expect(detail.productionGuide.width).toBeGreaterThan(0);
    expect(['MP4', 'JPG']).toContain(detail.productionGuide.format);
    expect(detail.salesPolicy.length).toBeGreaterThan(0);
    expect(detail.operationHours).not.toBe('');
    const missing = await t.request({ url: '/api/media/2147483647' });
    expect(missing.statusCode).toBe(404);
    expect(errorCode(missing)).toBe('media.not_found');
  });

  it('lists the three packages with their periods and categories', async () => {
    const { items } = await getJson<{ items: AdPackage[] }>('/api/ad-packages?lang=en');
    expect(items.map(({ id, days, name }) => ({ id, days, name }))).toEqual([
      { id: 'basic', days: 7, name: 'Basic' },
      { id: 'premium', days: 14, name: 'Premium' },
      { id: 'prestige', days: 28, name: 'Prestige' },
    ]);
    expect(items[2]!.categoryCodes).toEqual(['ADMM001', 'ADMM002', 'ADMM003', 'ADMM004']);
  });

  it.each([
    ['an unknown category code', '/api/media?categoryCode=ADMM999'],
    ['an unknown package', '/api/media?packageId=gold'],
    ['an unknown language', '/api/media?lang=fr'],
    ['a huge medium id', '/api/media/99999999999'],
    ['a medium id with an exponent', '/api/media/1e3'],
    ['a NUL byte in the id', '/api/media/1%00'],
    ['a NUL byte in the ids filter', '/api/media?ids=1%002'],
    ['too many ids', `/api/media?ids=${Array.from({ length: 51 }, (_, i) => i + 1).join(',')}`],
    ['a forged cursor', `/api/media?cursor=${Buffer.from('{"after":-5}').toString('base64url')}`],
    ['a garbage cursor', '/api/media?cursor=%00%00'],
    ['an unknown query field', '/api/media?admin=1'],
    ['a limit of 0', '/api/media?limit=0'],
    ['a detail with an unknown query field', '/api/media/1?x=1'],
  ])('refuses %s with 400 and the error shape', async (_label, url) => {
    const response = await t.request({ url });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toMatchObject({ error: { code: 'validation.invalid', message: expect.any(String) } });
  });
});
