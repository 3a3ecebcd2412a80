/**
 * `npm run check:docker`: the deployment files checked without a Docker daemon
 * (docs/decisions/082-deployment-files.md, 099). The Dockerfile goes through Docker's own syntax rules
 * (dockerfile-utils, the validator behind the Dockerfile language server) and the few rules of ours
 * that guard a failure of this image no build shows; compose.yaml must parse, pin every image it pulls, and
 * give the API processes only settings that apps/api/src/config.ts knows, which together make a
 * configuration the API accepts.
 */
import fs from 'node:fs';
import path from 'node:path';
import { validate } from 'dockerfile-utils';
import { parse as parseYaml } from 'yaml';

const root = path.resolve(import.meta.dirname, '..');

/** The Dockerfile's instructions, continuation lines joined and comments left out, grouped by stage. */
export function dockerfileStages(text) {
  const instructions = [];
  let pending = '';
  let pendingLine = 0;
  text.split('\n').forEach((raw, index) => {
    const line = raw.trim();
    if (pending === '' && (line === '' || line.startsWith('#'))) return;
    if (pending !== '' && line.startsWith('#')) return;
    if (pending === '') pendingLine = index + 1;
    if (line.endsWith('\\')) {
      pending += `${line.slice(0, -1)} `;
      return;
    }
    const whole = `${pending}${line}`.trim();
    pending = '';
    const [, keyword = '', rest = ''] = /^(\S+)\s*([\s\S]*)$/.exec(whole) ?? [];
    instructions.push({ line: pendingLine, keyword: keyword.toUpperCase(), args: rest });
  });
  const stages = [];
  for (const instruction of instructions) {
    if (instruction.keyword === 'FROM') stages.push({ from: instruction, instructions: [] });
    else stages.at(-1)?.instructions.push(instruction);
  }
  return stages;
}

/** `node:24-bookworm-slim` → { name: 'node', tag: '24-bookworm-slim' }; a digest counts as pinned. */
export function imageReference(image) {
  const [withoutDigest, digest] = image.split('@');
  const lastSlash = withoutDigest.lastIndexOf('/');
  const colon = withoutDigest.indexOf(':', lastSlash + 1);
  return {
    name: colon === -1 ? withoutDigest : withoutDigest.slice(0, colon),
    tag: colon === -1 ? undefined : withoutDigest.slice(colon + 1),
    digest,
  };
}

function unpinned(image) {
  const { tag, digest } = imageReference(image);
  return !digest && (!tag || tag === 'latest');
}

const jsonForm = (args) => args.trim().startsWith('[');

/**
 * Every problem of a Dockerfile, as `line N: text`; none means it passes. Besides Docker's syntax,
 * only what would go wrong unseen, since no image is built here (decision 099): a base image that
 * moves under a floating tag, a runtime running as root, a command that signals never reach.
 */
export function lintDockerfile(text) {
  const problems = validate(text).map((diagnostic) => `line ${diagnostic.range.start.line + 1}: ${diagnostic.message}`);
  const stages = dockerfileStages(text);
  if (stages.length === 0) return [...problems, 'no FROM'];
  const stageNames = new Set();
  for (const { from, instructions } of stages) {
    const [image = '', as, name] = from.args.split(/\s+/).filter((word) => !word.startsWith('--'));
    if (!stageNames.has(image) && unpinned(image)) problems.push(`line ${from.line}: FROM ${image}: pin the base image's tag (not latest)`);
    if (as?.toUpperCase() === 'AS' && name) stageNames.add(name);
    for (const { line, keyword, args } of instructions) {
      if ((keyword === 'CMD' || keyword === 'ENTRYPOINT') && !jsonForm(args)) problems.push(`line ${line}: ${keyword} in shell form: SIGTERM would reach the shell, not the server, which never drains (decision 084)`);
    }
  }
  const last = stages.at(-1).instructions;
  const users = last.filter((instruction) => instruction.keyword === 'USER');
  const finalUser = users.at(-1)?.args.split(':')[0];
  if (!finalUser || finalUser === 'root' || finalUser === '0') problems.push('last stage: runs as root (add USER with a non-root user)');
  return problems;
}

/**
 * Compose's variable interpolation (`$NAME`, `${NAME}`, `${NAME:-default}`, `${NAME-default}`,
 * `${NAME:?message}`, `${NAME?message}`, `$$` for a dollar) of one value; a required variable
 * that is missing is a problem.
 */
export function interpolate(value, variables, problems = []) {
  return String(value).replace(/\$\$|\$\{([A-Za-z_][A-Za-z0-9_]*)(?:(:?)([-?])([^}]*))?\}|\$([A-Za-z_][A-Za-z0-9_]*)/g, (match, name, colon, kind, word, bare) => {
    if (match === '$$') return '$';
    const key = name ?? bare;
    const set = colon === ':' ? Boolean(variables[key]) : variables[key] !== undefined;
    if (set) return variables[key];
    if (kind === '-') return word;
    if (kind === '?') problems.push(`${key}: ${word || 'required'}`);
    return '';
  });
}

/** The environment variables the API reads: the keys of config.ts's environment schema. */
export function settingNames(configSource) {
  const schema = /const environmentSchema = z\.object\(\{([\s\S]*?)\n\}\);/.exec(configSource);
  if (!schema) throw new Error('config.ts: no environmentSchema found');
  return new Set([...schema[1].matchAll(/^ {2}([A-Z][A-Z0-9_]*):/gm)].map((match) => match[1]));
}

/** Variables a library reads itself rather than config.ts: the AWS SDK's credentials (decision 079). */
export const readByLibraries = new Set(['AWS_ACCESS_KEY_ID', 'AWS_SECRET_ACCESS_KEY', 'AWS_SESSION_TOKEN']);

/** The services built from this repository's Dockerfile: the API processes. */
export function apiServices(compose) {
  return Object.entries(compose.services ?? {}).filter(([, service]) => service.build !== undefined);
}

function environmentOf(service) {
  const environment = service.environment ?? {};
  if (!Array.isArray(environment)) return environment;
  return Object.fromEntries(environment.map((entry) => [entry.split('=')[0], entry.includes('=') ? entry.slice(entry.indexOf('=') + 1) : undefined]));
}

/**
 * Every problem of a compose file: it parses, each image it pulls has a pinned tag, it runs at
 * least two API processes, and each API's environment names only settings the API knows.
 * Returns the APIs' environments interpolated with `variables`, for a caller to load as configuration.
 */
export function checkCompose(text, settings, variables = {}) {
  const problems = [];
  let compose;
  try {
    compose = parseYaml(text, { merge: true });
  } catch (error) {
    return { problems: [`compose.yaml does not parse: ${error.message}`], environments: {} };
  }
  for (const [name, service] of Object.entries(compose.services ?? {})) {
    if (service.build === undefined && (!service.image || unpinned(service.image))) problems.push(`${name}: pin the image's tag (${service.image ?? 'no image'})`);
  }
  const apis = apiServices(compose);
  if (apis.length < 2) problems.push(`${apis.length} API service(s): run at least two behind the proxy`);
  const environments = {};
  for (const [name, service] of apis) {
    const environment = environmentOf(service);
    for (const key of Object.keys(environment)) if (!settings.has(key) && !readByLibraries.has(key)) problems.push(`${name}: ${key} is not a setting of apps/api/src/config.ts`);
    environments[name] = Object.fromEntries(
      Object.entries(environment).map(([key, value]) => [key, value === undefined || value === null ? variables[key] : interpolate(value, variables, problems)]),
    );
  }
  return { problems: [...new Set(problems)], environments };
}

/**
 * What an operator's .env holds at least for compose.yaml (README.md, "Production"): the check
 * interpolates with it, so a variable compose requires but this list lacks is a problem too.
 */
export const exampleDeployment = {
  PUBLIC_URL: 'https://orchard.example',
  POSTGRES_PASSWORD: 'example-postgres-password',
  MINIO_ROOT_USER: 'orchard',
  MINIO_ROOT_PASSWORD: 'example-minio-password',
  TOSS_SECRET_KEY: 'live_sk_example',
  TOSS_CLIENT_KEY: 'live_ck_example',
  TOSS_WEBHOOK_SECRET: 'example-webhook-secret',
  GOOGLE_CLIENT_ID: 'example.apps.googleusercontent.com',
  GOOGLE_CLIENT_SECRET: 'example-google-secret',
};

/**
 * The command the image should run: the API workspace's `npm start` after its build step, with the
 * workspace's paths made relative to the repository root (the image's WORKDIR).
 */
export function imageCommandOf(startScript, workspace = 'apps/api') {
  const command = startScript.split('&&').at(-1).trim().split(/\s+/);
  return command.map((word) => (/^(\.\/)?dist\//.test(word) ? `${word.startsWith('./') ? './' : ''}${workspace}/${word.replace(/^\.\//, '')}` : word));
}

/** The exec-form CMD of the last stage, or undefined. */
export function finalCommand(dockerfile) {
  const cmd = dockerfileStages(dockerfile).at(-1)?.instructions.filter((instruction) => instruction.keyword === 'CMD').at(-1);
  if (!cmd || !jsonForm(cmd.args)) return undefined;
  return JSON.parse(cmd.args);
}

/** The whole check on the repository's files; `loadConfig` (config.ts's) must accept each API's environment. */
export async function checkDeploymentFiles({ loadConfig } = {}) {
  const read = (file) => fs.readFileSync(path.join(root, file), 'utf8');
  const problems = lintDockerfile(read('Dockerfile')).map((problem) => `Dockerfile ${problem}`);
  const expected = imageCommandOf(JSON.parse(read('apps/api/package.json')).scripts.start);
  const actual = finalCommand(read('Dockerfile'));
  if (JSON.stringify(actual) !== JSON.stringify(expected)) problems.push(`Dockerfile CMD ${JSON.stringify(actual)} is not what npm start runs: ${JSON.stringify(expected)}`);
  const compose = checkCompose(read('compose.yaml'), settingNames(read('apps/api/src/config.ts')), exampleDeployment);
  problems.push(...compose.problems.map((problem) => `compose.yaml ${problem}`));
  const ignored = read('.dockerignore').split('\n').map((line) => line.trim());
  for (const entry of ['**/node_modules', '.env', '.git', 'data']) if (!ignored.includes(entry)) problems.push(`.dockerignore: ${entry} is not ignored`);
  if (loadConfig) {
    for (const [name, environment] of Object.entries(compose.environments)) {
      try {
        loadConfig(environment);
      } catch (error) {
        problems.push(`compose.yaml ${name}: the API refuses its environment: ${error.message}`);
      }
    }
  }
  return problems;
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  const { loadConfig } = await import('../apps/api/src/config.ts');
  const problems = await checkDeploymentFiles({ loadConfig });
  for (const problem of problems) console.error(problem);
  console.log(problems.length === 0 ? 'Dockerfile, compose.yaml and .dockerignore: no problems' : `${problems.length} problem(s)`);
  process.exitCode = problems.length === 0 ? 0 : 1;
}
