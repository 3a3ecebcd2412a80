import { describe, expect, it } from 'vitest';
import { anchorsOf, bareQualityCodesIn, decisionIndexProblems, problemsIn, slugOf } from './check-citations.mjs';

const docs = {
  'docs/product.md': '# Rules\n\n## Refunds\n\n## Funding close\n\n```\n## not a heading\n```\n',
  'docs/quality.md': '### R3\n\nRace pairs.\n\n### Speed web\n',
};
const readDoc = (docPath) => docs[docPath] ?? null;

describe('the citation check', () => {
  it('makes GitHub slugs of headings, keeping letters of any script', () => {
    expect(slugOf('Funding close')).toBe('funding-close');
    expect(slugOf('R3')).toBe('r3');
    expect(slugOf('환불 규칙')).toBe('환불-규칙');
    expect([...anchorsOf(docs['docs/product.md'])]).toEqual(['rules', 'refunds', 'funding-close']);
  });

  it('passes citations that resolve to a heading', () => {
    const text = '// docs/product.md#refunds and docs/quality.md#r3 and docs/quality.md#speed-web\n';
    expect(problemsIn('a.ts', text, readDoc)).toEqual([]);
  });

  it('fails a citation of a missing heading or a missing file, naming the line', () => {
    const text = 'ok\n// docs/product.md#refund\n// docs/nowhere.md#x\n';
    expect(problemsIn('a.ts', text, readDoc)).toEqual([
      'a.ts:2: docs/product.md has no heading #refund',
      'a.ts:3: docs/nowhere.md does not exist',
    ]);
  });

  it('fails citations of documents outside the repository', () => {
    const text = '// spec §9: bonus first\n// see ../shared/QUALITY.md\n';
    const problems = problemsIn('a.ts', text, readDoc);
    expect(problems.some((problem) => problem.startsWith('a.ts:1:'))).toBe(true);
    expect(problems.some((problem) => problem.startsWith('a.ts:2:'))).toBe(true);
  });

  it('fails quality ids cited bare, but not inside a link, a heading, a longer word or "S3" storage', () => {
    expect(bareQualityCodesIn("it('R2: exactly one per round succeeds')")).toEqual(['R2']);
    expect(bareQualityCodesIn('// R2–R4 on PostgreSQL (S1, S10)')).toEqual(['R2', 'R4', 'S1', 'S10']);
    expect(bareQualityCodesIn('// docs/quality.md#r3 and docs/quality.md#s10')).toEqual([]);
    expect(bareQualityCodesIn('### R1')).toEqual([]);
    expect(bareQualityCodesIn('R12, S11, R7, XR2, R2-D2, MAX_S1, v.R3')).toEqual([]);
    expect(bareQualityCodesIn('an S3-compatible store; an S3 bucket')).toEqual([]);
    expect(bareQualityCodesIn('S3: writes come from our origin')).toEqual(['S3']);
    expect(bareQualityCodesIn('an S3-compatible server (MinIO, R2); unset: AWS S3')).toEqual([]);
    expect(bareQualityCodesIn('`S3_REGION`: the region (`auto` for R2)')).toEqual([]);
    expect(bareQualityCodesIn('R2: a second process takes over')).toEqual(['R2']);
    const text = 'ok\n// (S6) re-encoded\n// docs/quality.md#r3 race pairs\n';
    expect(problemsIn('a.ts', text, readDoc)).toEqual(['a.ts:2: cites S6 bare: cite docs/quality.md#s6']);
  });

  it('does not take a parameter named decisions for a citation of the outside decisions', () => {
    expect(problemsIn('a.ts', 'record(decisions: AgreementDecision[], at: Date)\n', readDoc)).toEqual([]);
    expect(problemsIn('a.ts', '// the agreements (decisions: Identity).\n', readDoc)).toHaveLength(1);
    expect(problemsIn('a.ts', '// decisions (Identity): X is OAuth\n// spec (§2 Home)\n', readDoc)).toHaveLength(2);
  });

  it('fails a decision file the decisions index does not link, and a link to a decision that does not exist', () => {
    const files = ['001-first.md', '002-second.md', 'README.md', 'images'];
    const index = '| 001 | [First](001-first.md) | kept |\n| 002 | Second (being written) | kept |\n| 003 | [Third](003-third.md) | kept |\n';
    expect(decisionIndexProblems(files, index)).toEqual([
      'docs/decisions/README.md: decision 002-second.md is missing from the index',
      'docs/decisions/README.md: links 003-third.md, which does not exist',
    ]);
    const whole = '| 001 | [First](001-first.md) | kept |\n| 002 | [Second](002-second.md) | superseded by 001 |\n';
    expect(decisionIndexProblems(files, whole)).toEqual([]);
  });
});
