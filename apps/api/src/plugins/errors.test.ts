import Fastify from 'fastify';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/harness.ts';
import type { Database } from '../db/client.ts';
import type { App } from '../types.ts';
import { registerErrorHandling } from './errors.ts';

/** PostgreSQL refuses some input outright; that is the client's fault, said in the error shape. */
describe('database refusals of client input', () => {
  let database: Database;
  let app: App;
  beforeAll(async () => {
    database = await openTestDatabase();
    app = Fastify({ logger: false }) as unknown as App;
    registerErrorHandling(app);
    app.get('/echo', async (request) => {
      const { text, kind } = request.query as { text: string; kind: string };
      if (kind === 'varchar') {
        await database.db.execute(sql`create temporary table if not exists short_text (value varchar(3))`);
        await database.db.execute(sql`insert into short_text (value) values (${text})`);
      }
      else if (kind === 'int') await database.db.execute(sql`select ${text}::int`);
      else if (kind === 'uuid') await database.db.execute(sql`select ${text}::uuid`);
      else if (kind === 'epoch-ms') await database.db.execute(sql`select to_timestamp(${Number(text)}::float8 / 1000.0)`);
      else if (kind === 'timestamptz') await database.db.execute(sql`select ${text}::timestamptz`);
      else await database.db.execute(sql`select ${text}::text`);
      return { ok: true };
    });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it.each([
    ['a NUL character', { text: 'a\u0000b', kind: 'text' }],
    ['text longer than its column', { text: 'abcdef', kind: 'varchar' }],
    ['a number out of range', { text: '99999999999', kind: 'int' }],
    ['text that is not the type asked for', { text: 'not-a-uuid', kind: 'uuid' }],
    ['an instant beyond the timestamp range (22008)', { text: '1e300', kind: 'epoch-ms' }],
    ['the ISO form of the year 275760, read as a time zone offset out of range (22009)', { text: '+275760-09-13T00:00:00.000Z', kind: 'timestamptz' }],
    ['a time zone offset out of range (22009)', { text: '2020-01-01 00:00:00+16:00', kind: 'timestamptz' }],
  ])('answers %s with 400 in the error shape, not 500', async (_name, query) => {
    const response = await app.inject({ url: '/echo', query });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toEqual({ error: { code: 'validation.invalid', message: expect.any(String) } });
    expect(response.body).not.toMatch(/SQL|select|postgres/i);
  });
});
