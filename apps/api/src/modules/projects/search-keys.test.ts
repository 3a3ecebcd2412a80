import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { artistSearchKey, projectSearchKey, type Project } from '@orchard/shared';
import type { TestContext, TestUser } from '../../../test/harness.ts';
import { approve, closeWithCleanLedger, eventBody, fundingProject, postEvent, projectsTestContext, requestProject, validRequestBody } from '../../../test/projects-kit.ts';
import { artists } from '../artists/artists.table.ts';
import { refreshProjectSearchKeys } from './search-keys.ts';

/** docs/architecture.md#discovery: a project's search key follows its title and its artist's names. */
describe("a project's search key", () => {
  let t: TestContext;
  let operator: TestUser;
  let lumina: number;
  let other: number;
  const names = { ko: '루미나', en: 'LUMINA', zh: '流明娜', ja: 'ルミナ', es: 'Lumina' };

  const keyOf = async (projectId: number) => {
    const { rows } = await t.database.db.execute<{ search_text: string | null }>(sql`select search_text from projects where id = ${projectId}`);
    return rows[0]!.search_text;
  };
  const found = async (q: string) => {
    const response = await t.request({ url: `/api/search?q=${encodeURIComponent(q)}` });
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as { projects: Project[] }).projects.map((project) => project.id);
  };

  beforeAll(async () => {
    ({ t, operator, artistId: lumina } = await projectsTestContext());
    await t.database.db.update(artists).set({ names, searchText: artistSearchKey(Object.values(names)) }).where(eq(artists.id, lumina));
    other = await t.createArtist('Stella Nova');
  });
  afterAll(() => closeWithCleanLedger(t));

  it('is set at creation from the title and every name of the artist; a request has none', async () => {
    const creator = await t.createUser();
    const project = await fundingProject(t, creator, operator, await validRequestBody(t, lumina), { title: 'Happy birthday subway ad' });
    expect(await keyOf(project.id)).toBe(projectSearchKey('Happy birthday subway ad', names));
    const requested = await requestProject(t, creator, await validRequestBody(t, lumina));
    const approved = await approve(t, operator, (await requestProject(t, creator, await validRequestBody(t, lumina))).id);
    expect([await keyOf(requested.id), await keyOf(approved.id)]).toEqual([null, null]);
  });

  it('is set when an operator makes an event, and the event is found by its title', async () => {
    const made = await postEvent(t, operator, await eventBody(t, other, { title: 'Berry night for Stella' }));
    expect(made.statusCode, made.body).toBe(201);
    const event = (made.json() as { project: Project }).project;
    expect(await keyOf(event.id)).toBe(projectSearchKey('Berry night for Stella', { ko: 'Stella Nova', en: 'Stella Nova', zh: 'Stella Nova', ja: 'Stella Nova', es: 'Stella Nova' }));
    expect(await found('berry night')).toEqual([event.id]);
  });

  it('is rewritten at start where missing or outdated (an artist renamed), and a second run writes nothing', async () => {
    const creator = await t.createUser();
    const first = await fundingProject(t, creator, operator, await validRequestBody(t, lumina), { title: 'Debut anniversary' });
    const second = await fundingProject(t, creator, operator, await validRequestBody(t, other), { title: 'Comeback screen' });
    await t.database.db.execute(sql`update projects set search_text = null where id = ${first.id}`);
    await t.database.db.execute(sql`update projects set search_text = 'stale' where id = ${second.id}`);
    const renamed = { ...names, en: 'LUMINA X' };
    await t.database.db.update(artists).set({ names: renamed, searchText: artistSearchKey(Object.values(renamed)) }).where(eq(artists.id, lumina));
    expect(await found('comeback')).toEqual([]);

    // Lumina's two titled projects (their artist renamed) and the stale one.
    expect(await refreshProjectSearchKeys(t.database.db)).toBe(3);
    expect(await refreshProjectSearchKeys(t.database.db)).toBe(0);
    expect(await keyOf(first.id)).toBe(projectSearchKey('Debut anniversary', renamed));
    expect(await keyOf(second.id)).toBe(projectSearchKey('Comeback screen', { ko: 'Stella Nova', en: 'Stella Nova', zh: 'Stella Nova', ja: 'Stella Nova', es: 'Stella Nova' }));
    expect(await found('lumina x')).toHaveLength(2);
    expect(await found('comeback')).toEqual([second.id]);
  });
});
