import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config.ts';
import { createScheduler } from '../src/jobs/scheduler.ts';
import { createMetricsRegistry, startMetricsListener } from '../src/lib/metrics.ts';
import { createTestContext, type TestContext, type TestUser } from './harness.ts';
import { charge } from './points-fixtures.ts';
import { closeWithCleanLedger, creditOrange, fundingProject, postParticipation, validRequestBody } from './projects-kit.ts';

/** decision 081: what a scrape of the metrics listener shows after the app has worked. */
describe('metrics on a port of their own', () => {
  let t: TestContext;
  let operator: TestUser;
  let artistId: number;
  const telemetry = createMetricsRegistry();
  let listener: Awaited<ReturnType<typeof startMetricsListener>>;

  const scrape = async () => {
    const response = await fetch(listener.url);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/plain');
    return response.text();
  };
  /** The value of one series, by its name and labels as they appear in the text. */
  const valueOf = (text: string, series: string) => {
    const line = text.split('\n').find((candidate) => candidate.startsWith(`${series} `));
    return line === undefined ? undefined : Number(line.slice(series.length + 1));
  };

  beforeAll(async () => {
    t = await createTestContext({
      env: { RATE_LIMIT_WRITES_PER_MINUTE: '100000', RATE_LIMIT_UPLOADS_PER_MINUTE: '100000' },
      deps: { metrics: telemetry.metrics },
    });
    telemetry.observe({ pool: t.database.poolStats, outbox: t.services.mail.outboxDepth });
    listener = await startMetricsListener(telemetry.registry, { port: 0, host: '127.0.0.1' });
    operator = await t.createUser({ roles: ['operator'] });
    artistId = await t.createArtist();
  });
  afterAll(async () => {
    await listener.close();
    await closeWithCleanLedger(t);
  });

  it('times requests by route pattern, never by URL, with every unknown path under one label', async () => {
    const user = await t.createUser();
    expect((await t.request({ url: `/api/points/balances`, cookie: user.cookie })).statusCode).toBe(200);
    expect((await t.request({ url: '/api/projects/123456789' })).statusCode).toBe(404);
    expect((await t.request({ url: '/api/no-such-thing/abc', headers: { accept: 'application/json' } })).statusCode).toBe(404);
    expect((await t.request({ url: '/api/no-such-thing/def', headers: { accept: 'application/json' } })).statusCode).toBe(404);

    const text = await scrape();
    expect(text).toContain('# TYPE orchard_http_request_duration_seconds histogram');
    expect(valueOf(text, 'orchard_http_request_duration_seconds_count{route="/api/points/balances",method="GET",status="200"}')).toBe(1);
    expect(text).toMatch(/orchard_http_request_duration_seconds_count\{route="\/api\/projects\/:projectId",method="GET",status="404"\} 1/);
    expect(valueOf(text, 'orchard_http_request_duration_seconds_count{route="unmatched",method="GET",status="404"}')).toBe(2);
    expect(text).not.toContain('123456789');
    expect(text).not.toContain('no-such-thing');
  });

  it('counts ledger movements by kind: a charge through the gateway, and participations in their batch', async () => {
    const before = await scrape();
    const fan = await t.createUser();
    await charge(t, fan);
    const afterCharge = await scrape();
    expect(valueOf(afterCharge, 'orchard_ledger_movements_total{kind="charge"}')).toBe((valueOf(before, 'orchard_ledger_movements_total{kind="charge"}') ?? 0) + 1);
    expect(valueOf(afterCharge, 'orchard_ledger_movements_total{kind="bonus"}') ?? 0).toBeGreaterThanOrEqual(valueOf(before, 'orchard_ledger_movements_total{kind="bonus"}') ?? 0);

    const creator = await t.createUser();
    const project = await fundingProject(t, creator, operator, { ...(await validRequestBody(t, artistId)), purpose: 'ongoing' });
    const fans = await Promise.all([1, 2, 3].map(() => t.createUser()));
    for (const each of fans) await creditOrange(t, each.id, 100);
    const beforeParticipations = await scrape();
    const answers = await Promise.all(fans.map((each) => postParticipation(t, each, project.id, 10)));
    for (const answer of answers) expect(answer.statusCode, answer.body).toBe(201);

    const text = await scrape();
    const spends = (at: string) => valueOf(at, 'orchard_ledger_movements_total{kind="spend"}') ?? 0;
    expect(spends(text) - spends(beforeParticipations)).toBe(3);
    expect(text).toContain('# TYPE orchard_participation_batch_size histogram');
    const batches = (at: string) => valueOf(at, 'orchard_participation_batch_size_count') ?? 0;
    const participations = (at: string) => valueOf(at, 'orchard_participation_batch_size_sum') ?? 0;
    expect(participations(text) - participations(beforeParticipations)).toBe(3);
    expect(batches(text) - batches(beforeParticipations)).toBeGreaterThanOrEqual(1);
    expect(batches(text) - batches(beforeParticipations)).toBeLessThanOrEqual(3);
  });

  it('times each sweep and shows how long ago it last ran', async () => {
    const scheduler = createScheduler({ database: t.database, sweeps: t.services.sweeps, log: { info() {}, error() {} }, metrics: telemetry.metrics });
    const outcomes = await scheduler.runOnce();
    expect(outcomes.every((outcome) => outcome.status === 'ran')).toBe(true);

    const text = await scrape();
    expect(valueOf(text, 'orchard_sweep_duration_seconds_count{sweep="points.expire-lots",outcome="ran"}')).toBeGreaterThanOrEqual(1);
    expect(valueOf(text, 'orchard_sweep_duration_seconds_count{sweep="mail.drain-outbox",outcome="ran"}')).toBeGreaterThanOrEqual(1);
    const lag = valueOf(text, 'orchard_sweep_lag_seconds{sweep="mail.drain-outbox"}');
    expect(lag).toBeGreaterThanOrEqual(0);
    expect(lag).toBeLessThan(60);
  });

  it("reads the outbox's depth, the pool (PostgreSQL) and the process's figures when scraped", async () => {
    const text = await scrape();
    expect(valueOf(text, 'orchard_mail_outbox_depth{state="pending"}')).toBeGreaterThanOrEqual(0);
    expect(valueOf(text, 'orchard_mail_outbox_depth{state="due"}')).toBeGreaterThanOrEqual(0);
    expect(text).toContain('process_cpu_user_seconds_total');
    expect(text).toContain('nodejs_eventloop_lag_seconds');
    if (t.database.kind === 'postgres') {
      expect(valueOf(text, 'orchard_db_pool_connections{state="max"}')).toBe(10);
      expect(valueOf(text, 'orchard_db_pool_connections{state="total"}')).toBeGreaterThanOrEqual(1);
      expect(valueOf(text, 'orchard_db_pool_waiting')).toBe(0);
    } else {
      expect(text).not.toContain('orchard_db_pool_connections{');
    }
  });

  it('answers only /metrics on its port, and the public app has no /metrics', async () => {
    const other = await fetch(listener.url.replace('/metrics', '/api/health'));
    expect(other.status).toBe(404);
    const publicMetrics = await t.request({ url: '/metrics', headers: { accept: 'text/plain' } });
    expect(publicMetrics.statusCode).toBe(404);
    expect(publicMetrics.body).not.toContain('orchard_');
  });
});

describe('METRICS_PORT and OTEL_EXPORTER_OTLP_ENDPOINT settings', () => {
  it('leave metrics and traces off when unset or blank, and refuse a port or URL that is not one', () => {
    expect(loadConfig({}).metricsPort).toBeUndefined();
    expect(loadConfig({ METRICS_PORT: ' ' }).metricsPort).toBeUndefined();
    expect(loadConfig({ METRICS_PORT: '9464' }).metricsPort).toBe(9464);
    expect(() => loadConfig({ METRICS_PORT: 'abc' })).toThrow(ConfigError);
    expect(() => loadConfig({ METRICS_PORT: '70000' })).toThrow(ConfigError);
    expect(loadConfig({}).otlpEndpoint).toBeUndefined();
    expect(loadConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' }).otlpEndpoint).toBe('http://collector:4318');
    expect(() => loadConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: 'collector' })).toThrow(ConfigError);
  });
});
