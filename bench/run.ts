/**
 * `npm run bench -- <suite>… [--option value]…`: each suite measures against a baseline run in the
 * same run and prints ratios or figures with the budgets of docs/quality.md#speed. Never part of
 * `npm test`. Without a suite: api (Discovery included), web and points (the close included).
 */
export {};

type Options = Record<string, string>;

const suites: Record<string, (options: Options) => Promise<void>> = {
  api: async () => {
    await (await import('./src/api.ts')).runApiBenchmark();
    await (await import('./src/discovery.ts')).runDiscoveryBenchmark();
  },
  discovery: async () => (await import('./src/discovery.ts')).runDiscoveryBenchmark(),
  web: async () => (await import('./src/web.ts')).runWebBenchmark(),
  points: async (options) => {
    await (await import('./src/points.ts')).runPointsBenchmark();
    console.log('\n# close');
    await suites.close!(options);
  },
  rush: async () => (await import('./src/rush.ts')).runRushBenchmark(),
  images: async () => (await import('./src/images.ts')).runImagesBenchmark(),
  close: async (options) => {
    const close = await import('./src/close.ts');
    await close.runCloseBenchmark(close.closeOptionsFrom(options));
  },
};

const requested: string[] = [];
const options: Options = {};
const args = process.argv.slice(2).filter((arg) => arg !== '--');
for (let index = 0; index < args.length; index++) {
  const arg = args[index]!;
  if (!arg.startsWith('--')) requested.push(arg);
  else if (arg.includes('=')) options[arg.slice(2, arg.indexOf('='))] = arg.slice(arg.indexOf('=') + 1);
  else options[arg.slice(2)] = args[++index] ?? '';
}
const chosen = requested.length > 0 ? requested : ['api', 'web', 'points'];
for (const name of chosen) {
  const suite = suites[name];
  if (!suite) {
    console.error(`Unknown benchmark "${name}". Available: ${Object.keys(suites).join(', ')}`);
    process.exit(2);
  }
  console.log(`\n# ${name}`);
  await suite(options);
}
