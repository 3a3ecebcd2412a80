import { describe, expect, it } from 'vitest';
import { cyclesOf, relativeImportsOf } from './check-import-cycles.mjs';

describe('the import-cycle check', () => {
  it('reads relative value imports and leaves type-only and package imports out', () => {
    const text = "import { a } from './a.ts';\nimport type { B } from './b.ts';\nimport { z } from 'zod';\nexport { c } from '../c.ts';\nconst d = import('./d.tsx');\n";
    expect(relativeImportsOf(text)).toEqual(['./a.ts', '../c.ts', './d.tsx']);
  });

  it('finds a cycle once, and none in a tree', () => {
    const cyclic = new Map([['a', ['b']], ['b', ['c']], ['c', ['a']], ['d', ['a']]]);
    expect(cyclesOf(cyclic)).toEqual([['a', 'b', 'c', 'a']]);
    expect(cyclesOf(new Map([['a', ['b', 'c']], ['b', ['c']], ['c', []]]))).toEqual([]);
  });
});
