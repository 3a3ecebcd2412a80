import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

describe('the confusables table (docs/decisions/032-nickname-keys-with-confusable-skeletons.md)', () => {
  it('is committed as the pinned package ships it: the generator finds nothing to change', () => {
    const script = path.join(import.meta.dirname, 'generate-confusables.mjs');
    expect(() => execFileSync(process.execPath, [script, '--check'], { stdio: 'pipe' })).not.toThrow();
  });
});
