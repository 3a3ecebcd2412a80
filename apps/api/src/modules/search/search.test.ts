import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { artistSearchKey, type Artist, type LocalizedName, type Project } from '@orchard/shared';
import { addDays } from '@orchard/shared/project-rules';
import { hideProject } from '../../../test/community-kit.ts';
import { errorCode, type TestContext, type TestUser } from '../../../test/harness.ts';
import { approve, closeWithCleanLedger, fundingProject, projectsTestContext, requestProject, todayOf, validRequestBody } from '../../../test/projects-kit.ts';
import { artists } from '../artists/artists.table.ts';

type Found = { artists: Artist[]; projects: Project[] };

/** docs/product.md#discovery: search by a name in any of the five languages, any case, width or script, or by a title. */
describe('GET /api/search', () => {
  let t: TestContext;
  let operator: TestUser;
  let fan: TestUser;
  let lumina: number;
  let stella: number;
  let closingLater: Project;
  let closingSooner: Project;
  let ended: Project;
  let stellaProject: Project;
  let hidden: Project;
  let percent: Project;
  let requested: Project;

  const addArtist = async (names: LocalizedName) => {
    const [row] = await t.database.db
      .insert(artists)
      .values({ type: 'group', names, searchText: artistSearchKey(Object.values(names)) })
      .returning({ id: artists.id });
    return row!.id;
  };
  const search = async (q: string, user?: TestUser) => {
    const response = await t.request({ url: `/api/search?q=${encodeURIComponent(q)}`, cookie: user?.cookie });
    expect(response.statusCode, `${q}: ${response.body}`).toBe(200);
    return response.json() as Found;
  };
  const ids = (items: { id: number }[]) => items.map((item) => item.id);

  beforeAll(async () => {
    ({ t, operator } = await projectsTestContext({ longSessions: true }));
    lumina = await addArtist({ ko: '루미나', en: 'LUMINA', zh: '流明娜', ja: 'ルミナ', es: 'Lumina' });
    stella = await addArtist({ ko: '스텔라 노바', en: 'Stella Nova', zh: '星辰新星', ja: 'ステラ・ノヴァ', es: 'Estela Nova' });
    fan = await t.createUser();
    const creator = await t.createUser();
    // Funding until a later or a sooner day: the ad starts 42 or 41 days from today.
    const funding = async (artistId: number, title: string, adInDays = 41) =>
      fundingProject(t, creator, operator, { ...(await validRequestBody(t, artistId)), adStartDate: addDays(todayOf(t), adInDays) }, { title });
    closingLater = await funding(lumina, 'Happy birthday subway ad', 42);
    closingSooner = await funding(lumina, '데뷔 기념 광고', 41);
    ended = await funding(lumina, 'Comeback billboard');
    await t.database.db.execute(sql`update projects set status = 'succeeded' where id = ${ended.id}`);
    stellaProject = await funding(stella, 'Stella comeback screen');
    hidden = await funding(lumina, 'Lumina secret screen');
    await hideProject(t, fan, operator, hidden.id);
    percent = await funding(stella, '100% love');
    requested = await requestProject(t, creator, await validRequestBody(t, lumina));
    await approve(t, operator, (await requestProject(t, creator, await validRequestBody(t, lumina))).id);
  });
  afterAll(() => closeWithCleanLedger(t));

  it('finds an artist and its projects by Korean initials, kana in either script, another case, a full-width form and every language', async () => {
    for (const q of ['ㄹㅁㄴ', '루미나', 'るみな', 'ルミナ', 'lumina', 'LuMiNa', 'ＬＵＭＩＮＡ', '流明娜']) {
      const found = await search(q);
      expect(ids(found.artists), q).toEqual([lumina]);
      // Funding first, closing soonest; then the ended one.
      expect(ids(found.projects), q).toEqual([closingSooner.id, closingLater.id, ended.id]);
    }
  });

  it('finds a project by its title, in any case, without its artist', async () => {
    for (const q of ['birthday', 'BIRTHDAY SUBWAY', 'Ｂｉｒｔｈｄａｙ']) {
      const found = await search(q);
      expect(found.artists, q).toEqual([]);
      expect(ids(found.projects), q).toEqual([closingLater.id]);
    }
    expect(ids((await search('기념 광고')).projects)).toEqual([closingSooner.id]);
    expect(ids((await search('comeback')).projects)).toEqual([stellaProject.id, ended.id]);
  });

  it('answers each project as the list does, artists as the artist list does', async () => {
    const found = await search('stella', fan);
    expect(found.artists).toEqual([expect.objectContaining({ id: stella, names: expect.objectContaining({ en: 'Stella Nova' }), following: false, members: [] })]);
    const [first] = found.projects;
    expect(first).toMatchObject({ id: stellaProject.id, title: 'Stella comeback screen', status: 'funding', artistId: stella, goal: stellaProject.goal, fundingEndDate: stellaProject.fundingEndDate });
    expect(first!.raised).toBeGreaterThan(0);
    expect(first!.thumbnailUrl).toEqual(expect.any(String));
    expect(first!.creatorEmail).toBeUndefined();
  });

  it('a text shorter than a trigram finds artists by name and their projects, and nothing by title alone', async () => {
    for (const q of ['ㄹㅁ', 'るみ', '루미', 'Lu', '流明']) {
      const found = await search(q);
      expect(ids(found.artists), q).toEqual([lumina]);
      expect(ids(found.projects), q).toEqual([closingSooner.id, closingLater.id, ended.id]);
    }
    // "ck" is in two titles ("Comeback …") but names no artist; the harness names its artists "Artist <hex>", so a hex pair
    // such as "ad" could name one by chance.
    expect(await search('ck')).toEqual({ artists: [], projects: [] });
  });

  it('takes % and _ literally, and finds nothing for text without a letter or a digit', async () => {
    expect(ids((await search('100%')).projects)).toEqual([percent.id]);
    expect((await search('10_')).projects).toEqual([]);
    for (const q of ['%', '_', '%%%', '\\', '!!!']) expect(await search(q), q).toEqual({ artists: [], projects: [] });
  });

  it('never finds a request or an approved project, nor a hidden one but for operators', async () => {
    for (const user of [undefined, fan]) {
      const found = await search('lumina', user);
      expect(ids(found.projects)).not.toContain(hidden.id);
      expect(ids(found.projects)).not.toContain(requested.id);
      expect((await search('secret', user)).projects).toEqual([]);
    }
    expect(ids((await search('secret', operator)).projects)).toEqual([hidden.id]);
    expect((await search('secret', operator)).projects[0]).toMatchObject({ hidden: true, title: 'Lumina secret screen' });
  });

  it('refuses a missing, empty, oversized or control-bearing q, and any other parameter, with 400 validation.invalid', async () => {
    const hostile = ['', 'q=', 'q=%20%20', `q=${'x'.repeat(101)}`, 'q=a%00b', 'q=%0Alumina', 'q=a%1Bb', 'q=a%C2%85b', 'q=lumina&limit=5', 'q=lumina&lang=xx', 'q=a&q=b', 'x=1'];
    for (const query of hostile) {
      const response = await t.request({ url: `/api/search?${query}` });
      expect([response.statusCode, errorCode(response)], query).toEqual([400, 'validation.invalid']);
    }
    expect((await t.request({ url: `/api/search?q=${encodeURIComponent(` ${'x'.repeat(100)} `)}` })).statusCode).toBe(200);
  });
});
