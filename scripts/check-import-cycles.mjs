#!/usr/bin/env node
// No import cycles in the project's own TypeScript: a cycle makes module start-up order matter and
// usually means two modules should be one, or a third should hold what both need. A plain script
// (not eslint-plugin-import-x): that plugin's native resolver lists binaries for other platforms
// that npm on Linux leaves out of the lockfile, which breaks `npm ci` (docs/decisions/026-lint-for-react-and-async-node.md).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const importPattern = /(?:^|\n)\s*(?:import|export)\s+(?:type\s+)?(?:[^'"]*?\sfrom\s+)?['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

/** The relative imports of a source text that import values (type-only imports cannot make a cycle at run time). */
export function relativeImportsOf(text) {
  const found = [];
  for (const match of text.matchAll(importPattern)) {
    const specifier = match[1] ?? match[2];
    if (!specifier?.startsWith('.')) continue;
    if (/^\s*(?:import|export)\s+type\s/.test(match[0].replace(/^\n/, ''))) continue;
    found.push(specifier);
  }
  return found;
}

/** Every cycle in a graph of file → imported files, each reported once, as a path that returns to its start. */
export function cyclesOf(graph) {
  const state = new Map();
  const stack = [];
  const cycles = [];
  const seen = new Set();
  const visit = (node) => {
    state.set(node, 'open');
    stack.push(node);
    for (const next of graph.get(node) ?? []) {
      if (state.get(next) === 'open') {
        const cycle = stack.slice(stack.indexOf(next));
        const key = [...cycle].sort().join('|');
        if (!seen.has(key)) {
          seen.add(key);
          cycles.push([...cycle, next]);
        }
      } else if (!state.has(next)) visit(next);
    }
    stack.pop();
    state.set(node, 'done');
  };
  for (const node of graph.keys()) if (!state.has(node)) visit(node);
  return cycles;
}

function main() {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], { cwd: root, encoding: 'utf8' })
    .split('\n')
    .filter((file) => /\.(ts|tsx)$/.test(file) && !file.includes('node_modules/') && fs.existsSync(path.join(root, file)));
  const known = new Set(files);
  const graph = new Map();
  for (const file of files) {
    const text = fs.readFileSync(path.join(root, file), 'utf8');
    const targets = relativeImportsOf(text)
      .map((specifier) => path.posix.normalize(path.posix.join(path.posix.dirname(file), specifier)))
      .flatMap((target) => [target, `${target}.ts`, `${target}.tsx`, `${target}/index.ts`].filter((candidate) => known.has(candidate)).slice(0, 1));
    graph.set(file, targets);
  }
  const cycles = cyclesOf(graph);
  if (cycles.length > 0) {
    console.error(`${cycles.length} import cycle(s):\n${cycles.map((cycle) => `  ${cycle.join(' → ')}`).join('\n')}`);
    process.exit(1);
  }
  console.log(`import cycles: none in ${files.length} files`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
