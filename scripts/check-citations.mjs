#!/usr/bin/env node
// Every "why" in the code must be answerable from the repository alone: each citation of the form
// docs/<file>.md#<anchor> must name a file that exists and a heading (or explicit anchor) in it,
// nothing may cite documents that live outside the repository, and the decisions index lists
// every decision.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const scanned = /\.(ts|tsx|mjs|js|cjs|md|sh|css|json|html)$/;
const skipped = /(^|\/)(node_modules|dist|test-results|playwright-report)\/|\/migrations\/meta\/|package-lock\.json$/;
// The check's own test feeds it broken citations on purpose; quality.md is where the ids are defined.
const exempt = new Set(['scripts/check-citations.test.mjs', 'docs/quality.md']);
const citation = /\bdocs\/([\w./-]+\.md)(?:#([\w\u0080-\uffff-]+))?/g;
const outsideCitations = [
  { pattern: /\.\.\/shared\b/, why: 'cites ../shared, which is not in the repository' },
  { pattern: /\bspec \(?§|\bspec\/product-spec\b/, why: 'cites the product spec by section: cite docs/product.md#<anchor>' },
  { pattern: /\bQUALITY(\.md)?\b/, why: 'cites QUALITY: cite docs/quality.md#<id>' },
  { pattern: /\bTOOLCHAIN(\.md)?\b/, why: 'cites TOOLCHAIN: cite docs/architecture.md or a decision' },
  { pattern: /\bARCHITECTURE(\.md| §)/, why: 'cites ARCHITECTURE: cite docs/architecture.md#<anchor>' },
  { pattern: /\bSTYLE\.md\b/, why: 'cites STYLE.md: cite docs/architecture.md#<anchor>' },
  {
    // "decisions: Identity" in prose, not a parameter `decisions: AgreementDecision[]`.
    pattern:
      /(?<![\w/-])decisions\.md\b|\bdecisions: (?![A-Z]\w*(?:\[\]|<|,\s*\w+:))[A-Za-z]|\bdecisions[ ,(]+(?:Product|Identity|Points|Projects|Operators|Community)\b/,
    why: 'cites the outside product decisions: cite docs/product.md#<anchor>',
  },
];
/**
 * A quality bar cited by its bare id (R1–R6, S1–S10) instead of docs/quality.md#<id>. An id inside a
 * link, a heading or a longer word does not count, and neither does S3 naming the storage protocol
 * ("S3-compatible", "an S3 store"). A line about object storage (it names a bucket, MinIO, s3rver, a
 * FILE_STORAGE or S3_ setting) names Amazon's S3 and Cloudflare's R2 there, not the bars.
 */
const bareQualityCode = /(?<![\w#/.-])(?:R[1-6]|S10|S[1-9])(?![\w-])/g;
const storageS3 = /\bS3(?:-compatible|\s+(?:store|storage|bucket|API)\b)/g;
const objectStorageLine = /\b(?:bucket|MinIO|s3rver|FILE_STORAGE|S3_[A-Z]+)\b/i;

/** The bare quality ids cited on one line, e.g. ['R2', 'S6']. */
export function bareQualityCodesIn(line) {
  if (/^#{1,6}\s/.test(line) || objectStorageLine.test(line)) return [];
  return [...line.replace(storageS3, '').matchAll(bareQualityCode)].map((match) => match[0]);
}

/** GitHub's heading slug: lower case, punctuation dropped, spaces to hyphens; letters of any script kept. */
export function slugOf(heading) {
  return heading
    .trim()
    .toLowerCase()
    .replace(/<[^>]+>/g, '')
    .replace(/[`*_~[\]()]/g, (char) => (char === '_' ? '_' : ''))
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

export function anchorsOf(markdown) {
  const anchors = new Set();
  const counts = new Map();
  let fenced = false;
  for (const line of markdown.split('\n')) {
    if (/^\s*(```|~~~)/.test(line)) fenced = !fenced;
    if (fenced) continue;
    const heading = /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (heading) {
      const slug = slugOf(heading[1]);
      const seen = counts.get(slug) ?? 0;
      anchors.add(seen === 0 ? slug : `${slug}-${seen}`);
      counts.set(slug, seen + 1);
    }
    for (const explicit of line.matchAll(/<a\s+(?:id|name)="([^"]+)"/g)) anchors.add(explicit[1]);
  }
  return anchors;
}

/** Problems in one file's text: unresolved docs citations and citations of outside documents. */
export function problemsIn(file, text, readDoc) {
  const problems = [];
  const lines = text.split('\n');
  lines.forEach((line, index) => {
    const where = `${file}:${index + 1}`;
    for (const match of line.matchAll(citation)) {
      const [, docPath, anchor] = match;
      const doc = readDoc(`docs/${docPath}`);
      if (doc === null) problems.push(`${where}: docs/${docPath} does not exist`);
      else if (anchor && !anchorsOf(doc).has(anchor)) problems.push(`${where}: docs/${docPath} has no heading #${anchor}`);
    }
    if (file === 'scripts/check-citations.mjs') return;
    for (const { pattern, why } of outsideCitations) if (pattern.test(line)) problems.push(`${where}: ${why}`);
    for (const code of bareQualityCodesIn(line)) {
      problems.push(`${where}: cites ${code} bare: cite docs/quality.md#${code.toLowerCase()}`);
    }
  });
  return problems;
}

const decisionFileName = /^\d{3}-[\w.-]+\.md$/;

/**
 * The decisions index (docs/decisions/README.md) against the folder's files: every decision
 * (NNN-*.md) must be linked from it, and every decision it links must exist.
 */
export function decisionIndexProblems(decisionFiles, indexText) {
  const present = decisionFiles.filter((file) => decisionFileName.test(file));
  const linked = new Set([...indexText.matchAll(/\]\((\d{3}-[\w.-]+\.md)\)/g)].map((match) => match[1]));
  return [
    ...present.filter((file) => !linked.has(file)).map((file) => `docs/decisions/README.md: decision ${file} is missing from the index`),
    ...[...linked].filter((file) => !present.includes(file)).map((file) => `docs/decisions/README.md: links ${file}, which does not exist`),
  ];
}

function main() {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], { cwd: root, encoding: 'utf8' })
    .split('\n')
    .filter((file) => scanned.test(file) && !skipped.test(file) && !exempt.has(file) && fs.existsSync(path.join(root, file)));
  const docs = new Map();
  const readDoc = (docPath) => {
    if (!docs.has(docPath)) {
      const full = path.join(root, docPath);
      docs.set(docPath, fs.existsSync(full) ? fs.readFileSync(full, 'utf8') : null);
    }
    return docs.get(docPath);
  };
  const problems = files.flatMap((file) => problemsIn(file, fs.readFileSync(path.join(root, file), 'utf8'), readDoc));
  const decisionIndex = readDoc('docs/decisions/README.md');
  if (decisionIndex === null) problems.push('docs/decisions/README.md (the decisions index) does not exist');
  else problems.push(...decisionIndexProblems(fs.readdirSync(path.join(root, 'docs/decisions')).sort(), decisionIndex));
  if (problems.length > 0) {
    console.error(`${problems.length} citation problem(s):\n${problems.join('\n')}`);
    process.exit(1);
  }
  console.log(`citations: ${files.length} files checked, every docs/ citation resolves, every decision is in docs/decisions/README.md`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
