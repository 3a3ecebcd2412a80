import { expect } from 'vitest';
import type { TestContext } from '../harness.ts';

/** Fills a route pattern's parameters with values that exist, so a call reaches the handler. */
export function fillRoute(url: string, values: { artistId: number }): string {
  return url
    .replace(':provider', 'dev')
    .replace(':artistId', String(values.artistId))
    .replace(/:[A-Za-z]+/g, '1');
}

/** The API routes a client calls: plugin internals (docs assets, files, the dev provider) aside. */
export function apiRoutes(t: TestContext) {
  return t.app.routeCatalogue.filter(
    (route) =>
      route.url.startsWith('/api/') &&
      !route.url.startsWith('/api/docs') &&
      !route.url.startsWith('/api/files/') &&
      !route.url.includes('*'),
  );
}

export const writeMethods = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Row counts of every table: "nothing written" means these do not move. */
export async function tableCounts(t: TestContext): Promise<Record<string, number>> {
  const { rows } = await t.database.db.execute<{ table_name: string }>(
    `select table_name from information_schema.tables where table_schema = 'public' order by table_name` as never,
  );
  const counts: Record<string, number> = {};
  for (const { table_name } of rows) {
    const result = await t.database.db.execute<{ n: number }>(`select count(*)::int as n from "${table_name}"` as never);
    counts[table_name] = Number(result.rows[0]!.n);
  }
  return counts;
}

/**
 * Every /api answer that is not a success or a redirect is the app's error shape, without internals
 * (docs/quality.md#s2): no stack, source path, framework code, driver name or SQL text.
 */
export function expectErrorShape(status: number, body: string, label: string) {
  expect(status, label).toBeLessThan(500);
  if (status < 400) return;
  const json = JSON.parse(body) as { error: { code: unknown; message: unknown } };
  expect(Object.keys(json), label).toEqual(['error']);
  expect(typeof json.error.code, label).toBe('string');
  expect(typeof json.error.message, label).toBe('string');
  expect(body, label).not.toMatch(/node_modules|at \w+ \(|\.ts:\d+|FST_|postgres|pglite|SQL|violates/i);
}
