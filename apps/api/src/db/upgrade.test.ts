import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { drizzle } from 'drizzle-orm/pglite';
import { afterAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { migrationsFolder, openPostgres, pgliteExtensions, wrapPglite, type Database } from './client.ts';
import { withDatabase } from '../../test/global-setup.ts';
import { ledgerInvariants } from '../modules/points/points.reconciliation.repository.ts';

/**
 * The last migration of the previous release: the upgrade test builds a database up to it, puts a
 * row in every table it has, then runs every later migration. Moved forward at each release; a
 * migration added since is covered without touching the test.
 */
const previousReleaseLastMigration = '0033_project_likes_into_likes';

/**
 * What the generator cannot read from one column's type or check: constraints across columns.
 * `reference` is replaced by the referenced row's key.
 */
const reference = Symbol('reference');
const acrossColumns: Record<string, Record<string, unknown>> = {
  comments: { project_id: reference },
  likes: { project_id: reference },
  films: { source: 'youtube', youtube_id: 'dQw4w9WgXcQ' },
  media: { durations: '{15}' },
  point_postings: { system_account: 'sales', transaction_id: reference },
  projects: { funding_start_date: '2026-01-01', funding_end_date: '2026-01-10', ad_start_date: '2026-02-01' },
};

type Journal = { entries: { idx: number; tag: string }[] };
const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as Journal;

/** A copy of the migrations folder whose journal ends at `lastTag`. */
function migrationsUpTo(lastTag: string): string {
  const last = journal.entries.findIndex((entry) => entry.tag === lastTag);
  if (last < 0) throw new Error(`${lastTag} is not in the journal`);
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'orchard-migrations-'));
  fs.cpSync(migrationsFolder, folder, { recursive: true });
  fs.writeFileSync(path.join(folder, 'meta', '_journal.json'), JSON.stringify({ ...journal, entries: journal.entries.slice(0, last + 1) }));
  return folder;
}

type Column = { table: string; column: string; type: string; udt: string; nullable: boolean; hasDefault: boolean; generated: boolean };
type ForeignKey = { table: string; columns: string[]; refTable: string; refColumns: string[] };
type Check = { table: string; definition: string };

/** PGlite and node-postgres answer `query(text, values)` with `{ rows }` alike. */
type Sql = { query<T>(text: string, values?: unknown[]): Promise<{ rows: T[] }> };

async function catalog(client: Sql) {
  const columns = (
    await client.query<Column>(`
      select table_name as "table", column_name as "column", data_type as type, udt_name as udt,
        is_nullable = 'YES' as nullable, column_default is not null as "hasDefault",
        (is_generated = 'ALWAYS' or is_identity = 'YES') as generated
      from information_schema.columns where table_schema = 'public' order by table_name, ordinal_position`)
  ).rows;
  const foreignKeys = (
    await client.query<ForeignKey>(`
      select c.conrelid::regclass::text as "table", c.confrelid::regclass::text as "refTable",
        array(select attname from unnest(c.conkey) with ordinality k(n, i) join pg_attribute a on a.attrelid = c.conrelid and a.attnum = k.n order by i)::text[] as columns,
        array(select attname from unnest(c.confkey) with ordinality k(n, i) join pg_attribute a on a.attrelid = c.confrelid and a.attnum = k.n order by i)::text[] as "refColumns"
      from pg_constraint c join pg_namespace n on n.oid = c.connamespace where c.contype = 'f' and n.nspname = 'public'`)
  ).rows;
  const checks = (
    await client.query<Check>(`
      select c.conrelid::regclass::text as "table", pg_get_constraintdef(c.oid) as definition
      from pg_constraint c join pg_namespace n on n.oid = c.connamespace where c.contype = 'c' and n.nspname = 'public'`)
  ).rows;
  const enums = (await client.query<{ udt: string; label: string }>(`select t.typname as udt, e.enumlabel as label from pg_enum e join pg_type t on t.oid = e.enumtypid order by e.enumsortorder`)).rows;
  return { columns, foreignKeys, checks, enums };
}

/** The first value a check constraint names for `column` (`column = ANY (ARRAY['a'::text, ...])` or `column = 'a'`). */
function allowedValue(checks: Check[], table: string, column: string): string | undefined {
  for (const { definition } of checks.filter((check) => check.table === table)) {
    const match = new RegExp(`\\(?${column}\\)?(?:::text)? = (?:ANY \\(\\(?ARRAY\\[)?'([^']*)'`).exec(definition);
    if (match) return match[1];
  }
  return undefined;
}

function sampleValue(column: Column, enums: { udt: string; label: string }[], checks: Check[]): unknown {
  const allowed = allowedValue(checks, column.table, column.column);
  if (allowed !== undefined) return allowed;
  switch (column.type) {
    case 'smallint':
    case 'integer':
    case 'bigint':
    case 'numeric':
    case 'real':
    case 'double precision':
      return 1;
    case 'boolean':
      return false;
    case 'timestamp with time zone':
    case 'timestamp without time zone':
      return new Date('2026-01-01T00:00:00Z').toISOString();
    case 'date':
      return '2026-01-01';
    case 'jsonb':
    case 'json':
      return '{}';
    case 'uuid':
      return '00000000-0000-4000-8000-000000000001';
    case 'bytea':
      return '\\x00';
    case 'inet':
      return '127.0.0.1';
    case 'ARRAY':
      return '{}';
    case 'USER-DEFINED':
      return enums.find((entry) => entry.udt === column.udt)?.label ?? 'x';
    default:
      return `${column.column} 1`;
  }
}

/**
 * One row in every table: NOT NULL columns without a default get a value of their type (or the
 * first one their check constraint names); foreign keys point at the row already made in the
 * referenced table, tables inserted in the order their references need. Returns the tables with a
 * row, and the refusals (a table whose constraints this cannot guess).
 */
async function rowInEveryTable(client: Sql) {
  const { columns, foreignKeys, checks, enums } = await catalog(client);
  const tables = [...new Set(columns.map((column) => column.table))];
  const filled = new Set<string>();
  const refusals = new Map<string, string>();
  for (let pass = 0; pass < tables.length && filled.size < tables.length; pass++) {
    for (const table of tables) {
      if (filled.has(table)) continue;
      const references = foreignKeys.filter((key) => key.table === table && key.refTable !== table);
      const required = references.filter((key) => key.columns.some((name) => !columns.find((c) => c.table === table && c.column === name)!.nullable));
      if (required.some((key) => !filled.has(key.refTable))) continue;
      const values = new Map<string, unknown>();
      for (const column of columns.filter((c) => c.table === table && !c.generated && !c.hasDefault && !c.nullable)) values.set(column.column, sampleValue(column, enums, checks));
      for (const [name, value] of Object.entries(acrossColumns[table] ?? {})) values.set(name, value);
      for (const key of references) {
        if (!filled.has(key.refTable)) continue;
        if (!key.columns.some((name) => values.has(name))) continue;
        const { rows } = await client.query<Record<string, unknown>>(`select ${key.refColumns.map((name) => `"${name}"`).join(', ')} from "${key.refTable}" limit 1`);
        key.columns.forEach((name, index) => values.set(name, rows[0]![key.refColumns[index]!]));
      }
      const names = [...values.keys()];
      const text = names.length
        ? `insert into "${table}" (${names.map((name) => `"${name}"`).join(', ')}) values (${names.map((_, index) => `$${index + 1}`).join(', ')})`
        : `insert into "${table}" default values`;
      try {
        await client.query(text, [...values.values()]);
        filled.add(table);
        refusals.delete(table);
      } catch (error) {
        refusals.set(table, error instanceof Error ? error.message : String(error));
      }
    }
  }
  return { tables, filled, refusals };
}

async function columnsOf(client: Sql): Promise<Map<string, string[]>> {
  const { rows } = await client.query<{ table: string; column: string }>(
    `select table_name as "table", column_name as "column" from information_schema.columns where table_schema = 'public' order by ordinal_position`,
  );
  const columns = new Map<string, string[]>();
  for (const { table, column } of rows) columns.set(table, [...(columns.get(table) ?? []), column]);
  return columns;
}

async function rowsOf(client: Sql, table: string, columns: string[]): Promise<unknown[]> {
  const list = columns.map((column) => `"${column}"`).join(', ');
  return (await client.query<Record<string, unknown>>(`select ${list} from "${table}" order by ${list}`)).rows;
}

const projected = (rows: unknown[], columns: string[]) =>
  rows.map((row) => Object.fromEntries(columns.map((column) => [column, (row as Record<string, unknown>)[column]])));

/**
 * An empty database of this test project (PGlite, or a new PostgreSQL database dropped on close)
 * migrated with `folder`'s migrations: a raw client for the catalogue and the Database to upgrade.
 */
async function previousReleaseDatabase(folder: string): Promise<{ client: Sql & { end?(): Promise<void> }; database: Database }> {
  if (process.env.ORCHARD_TEST_DATABASE !== 'postgres') {
    const client = await PGlite.create({ extensions: pgliteExtensions });
    await migrate(drizzle({ client }), { migrationsFolder: folder });
    return { client, database: wrapPglite(client) };
  }
  const url = process.env.TEST_DATABASE_URL!;
  const name = `orchard_t_upgrade_${randomBytes(4).toString('hex')}_${process.pid}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const client = new pg.Client({ connectionString: withDatabase(url, name) });
  await client.connect();
  await migratePg(drizzlePg({ client }), { migrationsFolder: folder });
  const database = openPostgres(withDatabase(url, name), 2);
  return {
    client: {
      query: async <T,>(text: string, values?: unknown[]) => ({ rows: (await client.query(text, values)).rows as T[] }),
      end: async () => {
        await client.end();
        await admin.query(`drop database if exists ${name} with (force)`);
        await admin.end();
      },
    },
    database,
  };
}

const folders: string[] = [];
afterAll(() => {
  for (const folder of folders) fs.rmSync(folder, { recursive: true, force: true });
});

describe('upgrade from the previous release (docs/decisions/083-backups-and-restores.md)', () => {
  it(`a database of the migrations up to ${previousReleaseLastMigration}, a row in every table, migrates to this version with its rows, the reconciliation unchanged`, { timeout: 300_000 }, async () => {
    const previous = migrationsUpTo(previousReleaseLastMigration);
    folders.push(previous);
    const { client, database } = await previousReleaseDatabase(previous);
    const { tables, filled, refusals } = await rowInEveryTable(client);
    expect(Object.fromEntries(refusals)).toEqual({});
    expect([...filled].sort()).toEqual([...tables].sort());

    // One generic row per table is not a balanced ledger (a posting without its other leg, a
    // project total without its fan): the upgrade must leave the reconciliation exactly as it found it.
    // An invariant that reads a column this release adds (the rankings' Berry) cannot run on the
    // previous schema; every other one must find after the upgrade exactly what it found before.
    const findings = async () => {
      const found = new Map<string, string[] | 'unreadable'>();
      for (const invariant of ledgerInvariants) {
        try {
          const { rows } = await database.db.execute<{ subject: string; detail: string }>(invariant.query);
          found.set(invariant.name, rows.map((row) => `${row.subject}: ${row.detail}`).sort());
        } catch {
          found.set(invariant.name, 'unreadable');
        }
      }
      return found;
    };
    const before = await findings();
    expect([...before.values()].some((rows) => rows !== 'unreadable' && rows.length > 0)).toBe(true);
    const columnsBefore = await columnsOf(client);
    const rowsBefore = new Map<string, unknown[]>();
    for (const table of tables) rowsBefore.set(table, await rowsOf(client, table, columnsBefore.get(table)!));

    await database.migrate();
    expect(await database.isMigrated()).toBe(true);
    // Every row kept, with every value of a column the upgrade kept.
    const columnsAfter = await columnsOf(client);
    // Tables a later migration drops on purpose, each with its decision: their rows go with them.
    const droppedOnPurpose = new Set(['project_photos' /* decision 108: proofs replace the execution photos */]);
    for (const table of tables) {
      if (droppedOnPurpose.has(table)) {
        expect(columnsAfter.has(table), table).toBe(false);
        continue;
      }
      const kept = columnsBefore.get(table)!.filter((column) => columnsAfter.get(table)?.includes(column));
      expect(await rowsOf(client, table, kept), table).toEqual(projected(rowsBefore.get(table)!, kept));
    }
    const after = await findings();
    expect([...after].filter(([, rows]) => rows === 'unreadable')).toEqual([]);
    expect(new Map([...after].filter(([name]) => before.get(name) !== 'unreadable'))).toEqual(new Map([...before].filter(([, rows]) => rows !== 'unreadable')));
    await database.close();
    await client.end?.();
  });
});
