/**
 * Zod's `z.config({ jitless: true })`, made before Zod loads. Without it Zod probes `new Function`
 * to compile its object parsers, and the CSP without `'unsafe-eval'` (docs/quality.md#s7) reports
 * that probe as a violation on every page, even though Zod catches it. Zod keeps its settings in
 * this global object (and adopts one found there when it loads); calling `z.config` from the entry
 * instead would pull Zod's core into the entry chunk (4 KB gzip, docs/quality.md#speed-web).
 * The web entry imports this module first; zod-jitless.test.ts checks that Zod reads it.
 */
const zodGlobal = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
(zodGlobal.__zod_globalConfig ??= {}).jitless = true;
export {};
