import { execFileSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { withDatabase } from './global-setup.ts';
import { startApiProcess, type ApiProcess } from './api-process.ts';

/**
 * decision 081 in the process `npm start` runs: the built bundle with its tracing preload. Its own
 * build folder (test/dist/metrics-and-traces, ignored by git), so the server test's rebuild of dist/
 * cannot delete it under this one.
 */
const apiDir = path.resolve(import.meta.dirname, '..');
const buildDir = path.join(apiDir, 'test', 'dist', 'metrics-and-traces');
execFileSync(process.execPath, ['--import', 'tsx', 'scripts/build.ts'], { cwd: apiDir, env: { ...process.env, API_BUILD_DIR: buildDir } });

const children: ChildProcess[] = [];
const cleanups: (() => Promise<void> | void)[] = [];

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** A database of the test's own: a fresh PostgreSQL database in the postgres project, PGlite in a temporary folder otherwise. */
async function databaseEnv(): Promise<Record<string, string>> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'orchard-metrics-'));
  cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
  if (process.env.ORCHARD_TEST_DATABASE !== 'postgres') return { DATA_DIR: dataDir, DATABASE_URL: '' };
  const url = process.env.TEST_DATABASE_URL!;
  const name = `orchard_m_${randomBytes(4).toString('hex')}_${process.pid}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name} template ${inject('postgresTemplate')}`);
  cleanups.push(async () => {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  });
  return { DATA_DIR: dataDir, DATABASE_URL: withDatabase(url, name) };
}

/** Starts the built server as `npm start` does (the tracing preload first) and waits for its address. */
async function startServer(extraEnv: Record<string, string>): Promise<ApiProcess> {
  return startApiProcess(['--import', path.join(buildDir, 'tracing.js'), path.join(buildDir, 'server.js')], {
    cwd: apiDir,
    env: { ...process.env, NODE_ENV: 'development', PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info', SEED_SAMPLE_DATA: 'false', METRICS_PORT: '', OTEL_EXPORTER_OTLP_ENDPOINT: '', ...(await databaseEnv()), ...extraEnv },
    children,
  });
}

async function stop(child: ChildProcess) {
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

/** A tiny OTLP/HTTP receiver on loopback: every body POSTed to /v1/traces, as JSON. */
async function startTraceReceiver() {
  const batches: unknown[] = [];
  const server = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      if (request.method === 'POST' && request.url === '/v1/traces') batches.push(JSON.parse(body));
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanups.push(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return { endpoint: `http://127.0.0.1:${(server.address() as net.AddressInfo).port}`, batches };
}

type OtlpSpan = { name: string; kind: number; attributes: { key: string; value: { stringValue?: string; intValue?: number | string } }[] };
const spansOf = (batches: unknown[]): OtlpSpan[] =>
  (batches as { resourceSpans: { scopeSpans: { spans: OtlpSpan[] }[] }[] }[]).flatMap((batch) =>
    batch.resourceSpans.flatMap((resource) => resource.scopeSpans.flatMap((scope) => scope.spans)),
  );
const attribute = (span: OtlpSpan, key: string) => {
  const value = span.attributes.find((entry) => entry.key === key)?.value;
  return value?.stringValue ?? value?.intValue;
};

afterAll(async () => {
  for (const child of children) child.kill('SIGKILL');
  for (const cleanup of cleanups.reverse()) await cleanup();
  fs.rmSync(buildDir, { recursive: true, force: true });
});

describe('the server process with METRICS_PORT and OTEL_EXPORTER_OTLP_ENDPOINT set', () => {
  let server: Awaited<ReturnType<typeof startServer>>;
  let metricsUrl: string;
  let receiver: Awaited<ReturnType<typeof startTraceReceiver>>;

  beforeAll(async () => {
    receiver = await startTraceReceiver();
    const metricsPort = await freePort();
    metricsUrl = `http://127.0.0.1:${metricsPort}/metrics`;
    server = await startServer({ METRICS_PORT: String(metricsPort), OTEL_EXPORTER_OTLP_ENDPOINT: receiver.endpoint, OTEL_SERVICE_NAME: 'orchard-metrics-test' });
  }, 180_000);

  it('serves /metrics on the metrics port only, with the request it answered by route', async () => {
    expect((await fetch(`${server.address}/api/ready`)).status).toBe(200);
    const publicMetrics = await fetch(`${server.address}/metrics`, { headers: { accept: 'text/plain' } });
    expect(publicMetrics.status).toBe(404);
    expect(await publicMetrics.text()).not.toContain('orchard_http_request_duration_seconds');

    const scrape = await fetch(metricsUrl);
    expect(scrape.status).toBe(200);
    const text = await scrape.text();
    expect(text).toMatch(/orchard_http_request_duration_seconds_count\{route="\/api\/ready",method="GET",status="200"\} 1/);
    expect(text).toContain('orchard_http_request_duration_seconds_count{route="unmatched",method="GET",status="404"} 1');
    expect(text).toContain('orchard_mail_outbox_depth{state="pending"}');
    expect(text).toContain('process_resident_memory_bytes');
    if (process.env.ORCHARD_TEST_DATABASE === 'postgres') expect(text).toContain('orchard_db_pool_connections{state="max"} 10');
    // The first sweep pass runs at start: its sweeps are timed.
    expect(text).toMatch(/orchard_sweep_duration_seconds_count\{sweep="points.expire-lots",outcome="ran"\} \d/);
  });

  it('sends a span of each request to the OTLP endpoint, with the route, and the database queries under it', async () => {
    expect((await fetch(`${server.address}/api/projects?limit=1`)).status).toBe(200);
    const deadline = Date.now() + 15_000;
    let spans: OtlpSpan[] = [];
    while (Date.now() < deadline) {
      spans = spansOf(receiver.batches);
      const queried = process.env.ORCHARD_TEST_DATABASE !== 'postgres' || spans.some((span) => attribute(span, 'db.system') === 'postgresql' || attribute(span, 'db.system.name') === 'postgresql');
      if (queried && spans.some((span) => attribute(span, 'http.route') === '/api/projects')) break;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    const requestSpans = spans.filter((span) => span.kind === 2 && attribute(span, 'http.route') === '/api/projects');
    expect(requestSpans.length, JSON.stringify(spans.map((span) => span.name))).toBeGreaterThanOrEqual(1);
    const resource = (receiver.batches[0] as { resourceSpans: { resource: { attributes: { key: string; value: { stringValue?: string } }[] } }[] }).resourceSpans[0]!.resource;
    expect(resource.attributes).toContainEqual({ key: 'service.name', value: { stringValue: 'orchard-metrics-test' } });
    if (process.env.ORCHARD_TEST_DATABASE === 'postgres') expect(spans.some((span) => attribute(span, 'db.system') === 'postgresql' || attribute(span, 'db.system.name') === 'postgresql')).toBe(true);
  }, 30_000);

  it('closes the metrics listener on shutdown', async () => {
    await stop(server.child);
    await expect(fetch(metricsUrl)).rejects.toThrow();
  });
});

describe('the server process with neither set', () => {
  it('opens no metrics listener', async () => {
    const port = await freePort();
    const server = await startServer({ METRICS_PORT: '' });
    expect((await fetch(`${server.address}/api/ready`)).status).toBe(200);
    expect(server.output()).not.toContain('metrics listening');
    await expect(fetch(`http://127.0.0.1:${port}/metrics`)).rejects.toThrow();
    await stop(server.child);
  }, 180_000);

  it('loads nothing of OpenTelemetry through the preload unless the endpoint is set', () => {
    // The OpenTelemetry API registers itself on a global symbol when it is loaded.
    const probe = (endpoint: string) =>
      execFileSync(process.execPath, ['--import', path.join(buildDir, 'tracing.js'), '--input-type=module', '-e', "console.log(Object.getOwnPropertySymbols(globalThis).map(String).filter((name) => name.includes('opentelemetry')).length)"], {
        cwd: os.tmpdir(),
        env: { ...process.env, OTEL_EXPORTER_OTLP_ENDPOINT: endpoint },
      }).toString().trim();
    expect(probe('')).toBe('0');
    expect(Number(probe('http://127.0.0.1:9'))).toBeGreaterThan(0);
  }, 60_000);
});
