import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { CreationViolation, RequestViolation } from '@orchard/shared/project-rules';
import { creationRefused, requestRefused } from '../modules/projects/projects.errors.ts';
import { deletionRefused } from '../modules/users/users.errors.ts';
import { AppError, errorStatuses, refusalOf } from './errors.ts';

const sourceRoot = path.join(import.meta.dirname, '..');

function sourceFiles(folder: string): string[] {
  return fs.readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(folder, entry.name);
    if (entry.isDirectory()) return entry.name === 'migrations' ? [] : sourceFiles(file);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [file] : [];
  });
}

const builderStatus: Record<string, number> = { badRequest: 400, forbidden: 403, notFound: 404, conflict: 409, unprocessable: 422 };

/** Every refusal the API's source builds with a literal code: the builders of lib/errors.ts and `new AppError(status, code, …)`. */
function builtRefusals(): { where: string; code: string; status: number }[] {
  return sourceFiles(sourceRoot).flatMap((file) => {
    const text = fs.readFileSync(file, 'utf8');
    const where = path.relative(sourceRoot, file);
    const byBuilder = [...text.matchAll(/\b(badRequest|forbidden|notFound|conflict|unprocessable)\(\s*'([a-z_.]+)'/g)].map((match) => ({
      where,
      code: match[2]!,
      status: builderStatus[match[1]!]!,
    }));
    const byConstructor = [...text.matchAll(/new AppError\(\s*(\d{3}),\s*'([a-z_.]+)'/g)].map((match) => ({ where, code: match[2]!, status: Number(match[1]) }));
    return [...byBuilder, ...byConstructor];
  });
}

describe('errorStatuses: one status per code, which a replayed refusal answers with', () => {
  it('agrees with every refusal the source builds', () => {
    const refusals = builtRefusals();
    expect(refusals.length).toBeGreaterThan(40);
    // An address too long is a 414 under the body's code; it is refused before any write, so never stored.
    const disagreeing = refusals.filter(({ code, status }) => errorStatuses[code as keyof typeof errorStatuses] !== status && !(code === 'request.too_large' && status === 414));
    expect(disagreeing).toEqual([]);
  });

  it("agrees with the refusals built from a code held in a variable: a request's or a creation's violation, an account deletion's guard", () => {
    const violationCodes: Record<RequestViolation['code'] | CreationViolation['code'], true> = {
      'projects.ad_start_too_soon': true,
      'projects.funding_start_invalid': true,
      'projects.media_required': true,
      'projects.too_many_media': true,
      'projects.media_duplicate': true,
      'projects.media_unknown': true,
      'projects.medium_not_in_package': true,
      'projects.duration_missing': true,
      'projects.duration_not_allowed': true,
      'projects.minimum_unit_invalid': true,
      'projects.deposit_too_low': true,
      'projects.deposit_too_high': true,
      'projects.deposit_not_unit_multiple': true,
    };
    for (const code of Object.keys(violationCodes) as (keyof typeof violationCodes)[]) {
      const refusal = code.startsWith('projects.d') || code === 'projects.minimum_unit_invalid'
        ? creationRefused([{ code, field: 'deposit', minimum: 0, maximum: 0, unit: 1 } as CreationViolation])
        : requestRefused([{ code, field: 'media' } as RequestViolation]);
      expect(refusal.statusCode, code).toBe(errorStatuses[code]);
    }
    for (const code of ['users.deletion_blocked', 'users.deletion_payment_open'] as const) expect(deletionRefused(code).statusCode).toBe(errorStatuses[code]);
  });

  it('rebuilds a refusal from its code, message and details as it was first thrown', () => {
    const refusal = refusalOf({ code: 'projects.over_user_limit', message: 'One person may put in at most half of the goal.', details: { remaining: 40 } });
    expect(refusal).toBeInstanceOf(AppError);
    expect({ ...refusal, message: refusal.message }).toMatchObject({
      statusCode: 422,
      code: 'projects.over_user_limit',
      message: 'One person may put in at most half of the goal.',
      details: { remaining: 40 },
    });
    expect(refusalOf({ code: 'projects.not_funding', message: 'Closed.' }).statusCode).toBe(409);
  });
});
