/**
 * `npm run bench -- <suite>…`: each suite measures against a baseline run in the same run and
 * prints ratios with the budgets of docs/quality.md#speed. Never part of `npm test`.
 */
export {};

const suites: Record<string, () => Promise<void>> = {
  api: async () => {
    await (await import('./src/api.ts')).runApiBenchmark();
    await (await import('./src/discovery.ts')).runDiscoveryBenchmark();
  },
  discovery: async () => (await import('./src/discovery.ts')).runDiscoveryBenchmark(),
  web: async () => (await import('./src/web.ts')).runWebBenchmark(),
  points: async () => (await import('./src/points.ts')).runPointsBenchmark(),
};

const requested = process.argv.slice(2).filter((arg) => arg !== '--');
const chosen = requested.length > 0 ? requested : Object.keys(suites);
for (const name of chosen) {
  const suite = suites[name];
  if (!suite) {
    console.error(`Unknown benchmark "${name}". Available: ${Object.keys(suites).join(', ')}`);
    process.exit(2);
  }
  console.log(`\n# ${name}`);
  await suite();
}
