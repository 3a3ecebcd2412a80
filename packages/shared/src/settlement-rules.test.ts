import { describe, expect, it } from 'vitest';
import { closedStatuses, hasClosed, hasSettlement } from './settlement-rules.ts';
import { projectStatuses } from './projects.ts';

describe('settlement rules (docs/product.md#funding-close)', () => {
  it('a project has closed once it succeeded, failed, was cancelled, runs or was awarded; never before', () => {
    expect(projectStatuses.filter(hasClosed)).toEqual(['succeeded', 'failed', 'cancelled', 'running', 'awarded']);
    for (const status of ['requested', 'approved', 'rejected', 'created', 'funding', 'unknown', '']) expect(hasClosed(status)).toBe(false);
  });

  it('every closed status is a project status', () => {
    for (const status of closedStatuses) expect(projectStatuses).toContain(status);
  });

  it('only a created project has a settlement: a request cancelled before its creation has none', () => {
    expect(hasSettlement({ status: 'cancelled', createdAt: null })).toBe(false);
    expect(hasSettlement({ status: 'cancelled', createdAt: '2026-03-01T00:00:00.000Z' })).toBe(true);
    expect(hasSettlement({ status: 'failed', createdAt: new Date() })).toBe(true);
    expect(hasSettlement({ status: 'funding', createdAt: new Date() })).toBe(false);
  });
});
