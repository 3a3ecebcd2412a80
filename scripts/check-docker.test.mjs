import { describe, expect, it } from 'vitest';
import { loadConfig } from '../apps/api/src/config.ts';
import { checkCompose, checkDeploymentFiles, finalCommand, imageCommandOf, interpolate, lintDockerfile, settingNames } from './check-docker.mjs';

/** A Dockerfile that passes every rule; each test below changes one thing in it. */
const good = `FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci
COPY . .
RUN npm run build

FROM node:24-bookworm-slim
RUN apt-get update \\
 && apt-get install -y --no-install-recommends ffmpeg \\
 && rm -rf /var/lib/apt/lists/*
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev
COPY --from=build /app/dist dist
USER node
HEALTHCHECK --interval=15s --timeout=3s CMD ["node", "-e", "process.exit(0)"]
CMD ["node", "dist/server.js"]
`;

const breaking = (from, to) => {
  if (!good.includes(from)) throw new Error(`fixture has no ${from}`);
  return lintDockerfile(good.replace(from, to));
};

describe('lintDockerfile', () => {
  it('passes a Dockerfile that keeps every rule', () => {
    expect(lintDockerfile(good)).toEqual([]);
  });

  it("reports Docker's own syntax errors (a bad HEALTHCHECK duration, an unknown instruction)", () => {
    expect(breaking('--interval=15s', '--interval=15')).toEqual([expect.stringMatching(/^line 17: .*duration/i)]);
    expect(breaking('WORKDIR /app\nCOPY package.json package-lock.json ./\nRUN npm ci --omit', 'WORKDIR /app\nCOPYY x y\nRUN npm ci --omit')).toEqual([
      expect.stringMatching(/^line 13: .*COPYY/i),
    ]);
  });

  it('refuses a runtime that runs as root', () => {
    expect(breaking('USER node\n', '')).toEqual(['last stage: runs as root (add USER with a non-root user)']);
    expect(breaking('USER node\n', 'USER node\nUSER root\n')).toEqual(['last stage: runs as root (add USER with a non-root user)']);
    // A USER in the build stage only does not count for the image.
    expect(breaking('WORKDIR /app\nCOPY package.json package-lock.json ./\nRUN npm ci\n', 'USER node\nWORKDIR /app\nCOPY package.json package-lock.json ./\nRUN npm ci\n').length).toBe(0);
    expect(lintDockerfile(good.replace('USER node\n', '').replace('FROM node:24-bookworm-slim AS build\n', 'FROM node:24-bookworm-slim AS build\nUSER node\n'))).toEqual([
      'last stage: runs as root (add USER with a non-root user)',
    ]);
  });

  it('wants pinned base images and exec-form commands', () => {
    expect(breaking('FROM node:24-bookworm-slim\n', 'FROM node\n')).toEqual(["line 8: FROM node: pin the base image's tag (not latest)"]);
    expect(breaking('FROM node:24-bookworm-slim\n', 'FROM node:latest\n')).toEqual(["line 8: FROM node:latest: pin the base image's tag (not latest)"]);
    expect(breaking('FROM node:24-bookworm-slim\n', 'FROM node@sha256:' + 'a'.repeat(64) + '\n')).toEqual([]);
    expect(breaking('CMD ["node", "dist/server.js"]', 'CMD node dist/server.js')).toEqual([expect.stringMatching(/^line 18: CMD in shell form/)]);
    expect(breaking('CMD ["node", "dist/server.js"]', 'ENTRYPOINT node dist/server.js')).toEqual([expect.stringMatching(/^line 18: ENTRYPOINT in shell form/)]);
  });
});

describe('the image runs what npm start runs', () => {
  it("takes the API's start command after its build, with the workspace's paths from the root", () => {
    expect(imageCommandOf('npm run build && node --import ./dist/tracing.js dist/server.js')).toEqual([
      'node',
      '--import',
      './apps/api/dist/tracing.js',
      'apps/api/dist/server.js',
    ]);
    expect(imageCommandOf('npm run build && node dist/server.js')).toEqual(['node', 'apps/api/dist/server.js']);
  });

  it("reads the last stage's exec-form CMD", () => {
    expect(finalCommand(good)).toEqual(['node', 'dist/server.js']);
    expect(finalCommand(good.replace('CMD ["node", "dist/server.js"]', 'CMD node dist/server.js'))).toBeUndefined();
  });
});

describe('compose checks', () => {
  const settings = new Set(['DATABASE_URL', 'PUBLIC_URL']);
  const compose = (apiEnvironment, image = 'postgres:17.6-bookworm') => `
x-api: &api
  build: .
  environment:
${apiEnvironment}
services:
  api-1: *api
  api-2: *api
  postgres:
    image: ${image}
`;

  it('interpolates as compose does', () => {
    const problems = [];
    expect(interpolate('a ${SET} b ${UNSET:-fallback} c ${EMPTY:-x} d ${EMPTY-y} $$HOME $SET', { SET: 'v', EMPTY: '' }, problems)).toBe('a v b fallback c x d  $HOME v');
    expect(interpolate('${NEEDED:?set NEEDED}', {}, problems)).toBe('');
    expect(problems).toEqual(['NEEDED: set NEEDED']);
  });

  it('reads the setting names from the schema in config.ts', () => {
    const names = settingNames('const environmentSchema = z.object({\n  /** a */\n  PORT: z.number(),\n  X_CLIENT_ID: optionalText,\n});\n  LATER: 1');
    expect([...names]).toEqual(['PORT', 'X_CLIENT_ID']);
  });

  it('passes APIs (the merged anchor) whose every variable is a setting, and gives their environments', () => {
    const result = checkCompose(compose('    DATABASE_URL: postgres://orchard:${PASSWORD:?}@postgres/orchard'), settings, { PASSWORD: 'p' });
    expect(result.problems).toEqual([]);
    expect(result.environments).toEqual({ 'api-1': { DATABASE_URL: 'postgres://orchard:p@postgres/orchard' }, 'api-2': { DATABASE_URL: 'postgres://orchard:p@postgres/orchard' } });
  });

  it('names a variable the API does not know, a missing required one, an unpinned image, a single API', () => {
    expect(checkCompose(compose('    DATABASE_URL: x\n    DATABSE_POOL: "5"'), settings).problems).toEqual([
      'api-1: DATABSE_POOL is not a setting of apps/api/src/config.ts',
      'api-2: DATABSE_POOL is not a setting of apps/api/src/config.ts',
    ]);
    expect(checkCompose(compose('    PUBLIC_URL: ${PUBLIC_URL:?set PUBLIC_URL}'), settings).problems).toEqual(['PUBLIC_URL: set PUBLIC_URL']);
    expect(checkCompose(compose('    PUBLIC_URL: x', 'postgres'), settings).problems).toEqual(['postgres: pin the image\'s tag (postgres)']);
    expect(checkCompose('services:\n  api:\n    build: .\n', settings).problems).toEqual(['1 API service(s): run at least two behind the proxy']);
    expect(checkCompose('services: [', settings).problems).toEqual([expect.stringMatching(/^compose.yaml does not parse/)]);
  });
});

describe("the repository's deployment files", () => {
  it('pass every check, and the API accepts the environment compose gives each process', async () => {
    expect(await checkDeploymentFiles({ loadConfig })).toEqual([]);
  });
});
