import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openPostgres, pgliteExtensions, wrapPglite, type Database } from '../src/db/client.ts';
import { ensureMediaReferenceData } from '../src/modules/media/media.reference-data.ts';
import { seedSampleMediaIfEmpty } from '../src/modules/media/media.sample-data.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
    postgresTemplate: string;
  }
}

/**
 * Creating and migrating a database takes seconds; every test file instead starts from a migrated
 * template made once here: a PGlite data-folder dump, or a PostgreSQL template database.
 */
export default async function setup(project: TestProject) {
  // The project's `env` reaches its test workers, not this hook: read it from the project config.
  if (project.config.env?.ORCHARD_TEST_DATABASE === 'postgres') {
    const url = process.env.TEST_DATABASE_URL;
    if (!url) throw new Error('TEST_DATABASE_URL is required for the PostgreSQL test project');
    const name = `orchard_template_${process.pid}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await dropStaleTestDatabases(admin);
    await admin.query(`drop database if exists ${name}`);
    await admin.query(`create database ${name}`);
    const database = openPostgres(withDatabase(url, name), 2);
    await database.migrate();
    await loadTemplateData(database);
    await database.close();
    project.provide('postgresTemplate', name);
    project.provide('pgliteTemplate', '');
    return async () => {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    };
  }
  const client = await PGlite.create({ extensions: pgliteExtensions });
  const database = wrapPglite(client);
  await database.migrate();
  await loadTemplateData(database);
  const dump = await client.dumpDataDir('none');
  await database.close();
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'orchard-pglite-')), 'template.tar');
  fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteTemplate', file);
  project.provide('postgresTemplate', '');
  return () => fs.rmSync(path.dirname(file), { recursive: true, force: true });
}

/** Every test database starts with the media reference data and the sample media catalogue. */
async function loadTemplateData(database: Database) {
  await ensureMediaReferenceData(database.db);
  await seedSampleMediaIfEmpty(database.db);
}

export function withDatabase(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

/** Databases left behind by a killed run (older than an hour) are dropped. */
async function dropStaleTestDatabases(admin: pg.Client) {
  const { rows } = await admin.query<{ datname: string }>(
    `select datname from pg_database where datname like 'orchard_t%' and datname not like 'orchard_template_${process.pid}'`,
  );
  for (const { datname } of rows) {
    const pid = Number(datname.split('_').pop());
    const alive = Number.isInteger(pid) && pid > 0 && (() => { try { process.kill(pid, 0); return true; } catch { return false; } })();
    if (!alive) await admin.query(`drop database if exists ${datname} with (force)`).catch(() => {});
  }
}
