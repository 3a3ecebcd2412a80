import { expect, test } from 'vitest';

test('the entry setting is the one Zod reads: jitless, so Zod never probes eval under the CSP', async () => {
  await import('./zod-jitless.ts');
  const { z } = await import('zod');
  expect(z.config().jitless).toBe(true);
});
