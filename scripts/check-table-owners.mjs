#!/usr/bin/env node
// Each API module owns its tables (docs/decisions/092-each-module-owns-its-tables.md): the lint rule
// refuses another module's table import, and this check looks where it cannot, in SQL text. A
// template literal of a module's source that reads or writes another module's table by name
// (`from`, `join`, `update`, `into` it) is a crossing: the owner hands out the piece instead
// (docs/decisions/103-sql-text-from-its-owners.md). The users table is shared (decision 092); the
// ledger's reconciliation, the auditor of every module's books, is the one file allowed (decision 103).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Files that may name any table in their SQL, each with its decision. */
export const allowedFiles = new Set([
  // The audit reads every book's raw rows in one snapshot (decision 103).
  'apps/api/src/modules/points/points.reconciliation.repository.ts',
]);

/** The module a file under apps/api/src/modules/ belongs to. */
const moduleOf = (file) => file.split('/')[4];

/** Table name → owning module, from the `pgTable('name'` declarations of the modules' `*.table.ts` files. */
export function tableOwners(tableFiles) {
  const owners = new Map();
  for (const [file, text] of tableFiles) for (const match of text.matchAll(/pgTable\(\s*'([a-z_]+)'/g)) owners.set(match[1], moduleOf(file));
  return owners;
}

/** Each `[table, owner]` that a template literal of `text` (a file of `module`) names and another module owns. */
export function crossingsOf(module, text, owners) {
  const found = [];
  for (const [literal] of text.matchAll(/`[^`]*`/g)) {
    for (const [table, owner] of owners) {
      if (owner === module || owner === 'users') continue;
      if (new RegExp(`(?:from|join|update|into)\\s+${table}\\b`).test(literal)) found.push([table, owner]);
    }
  }
  return found;
}

function main() {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const modulesDir = 'apps/api/src/modules';
  const files = fs
    .readdirSync(path.join(root, modulesDir), { recursive: true })
    .map((file) => `${modulesDir}/${String(file).split(path.sep).join('/')}`)
    .filter((file) => file.endsWith('.ts') && file.split('/').length > 5);
  const read = (file) => fs.readFileSync(path.join(root, file), 'utf8');
  const owners = tableOwners(files.filter((file) => file.endsWith('.table.ts') && file.split('/').length === 6).map((file) => [file, read(file)]));
  const crossings = files
    .filter((file) => !file.includes('.test.') && !file.endsWith('.table.ts') && !allowedFiles.has(file))
    .flatMap((file) => crossingsOf(moduleOf(file), read(file), owners).map(([table, owner]) => `  ${file}: ${table} (the ${owner} module's)`));
  if (crossings.length > 0) {
    console.error(`${crossings.length} SQL text(s) naming another module's table; ask its service for the piece (docs/decisions/103):\n${[...new Set(crossings)].join('\n')}`);
    process.exit(1);
  }
  console.log(`table owners: no SQL text names another module's table in ${files.length} files`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
