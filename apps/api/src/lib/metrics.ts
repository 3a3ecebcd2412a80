import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/**
 * What the app, the services and the scheduler record (decision 081). They get this interface,
 * never prom-client: `noMetrics` where nobody scrapes (tests, METRICS_PORT unset).
 */
export type Metrics = {
  /** A request answered; `route` is the route's pattern (`/api/projects/:id`), never the URL. */
  requestDone(route: string, method: string, status: number, seconds: number): void;
  /** Ledger movements written, by their transaction type (charge, bonus, spend, refund, return, exchange). */
  ledgerMoved(kind: string, count?: number): void;
  /** A participation batch committed with this many participations. */
  participationBatch(size: number): void;
  /** A sweep's run by the scheduler: ran, failed, or skipped (another instance held its lock). */
  sweepDone(sweep: string, outcome: 'ran' | 'failed' | 'skipped', seconds: number): void;
};

export const noMetrics: Metrics = {
  requestDone: () => {},
  ledgerMoved: () => {},
  participationBatch: () => {},
  sweepDone: () => {},
};

/** The figures read when Prometheus scrapes rather than polled: the pool's (PostgreSQL only) and the mail outbox's. */
export type ScrapeSources = {
  pool?: () => { total: number; idle: number; waiting: number; max: number };
  outbox?: () => Promise<{ pending: number; due: number }>;
};

/** The route label of a request no route matched: one label for every 404, whatever the URL. */
export const unmatchedRoute = 'unmatched';

/**
 * A registry of its own (not prom-client's global one), so several apps in one process (tests)
 * never share or collide on instruments, with every instrument of the API.
 */
export function createMetricsRegistry() {
  const registry = new Registry();
  const registers = [registry];
  collectDefaultMetrics({ register: registry });

  const requests = new Histogram({
    name: 'orchard_http_request_duration_seconds',
    help: 'Time from a request arriving to its answer sent, per route pattern, method and status code.',
    labelNames: ['route', 'method', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers,
  });
  const ledger = new Counter({
    name: 'orchard_ledger_movements_total',
    help: 'Ledger transactions written, by type (a batch that rolls back and is re-run one by one counts its movements again).',
    labelNames: ['kind'] as const,
    registers,
  });
  const batches = new Histogram({
    name: 'orchard_participation_batch_size',
    help: 'Participations per committed participation batch (decision 056).',
    buckets: [1, 2, 4, 8, 16, 32, 64],
    registers,
  });
  const sweeps = new Histogram({
    name: 'orchard_sweep_duration_seconds',
    help: 'Duration of each sweep run by this process, by outcome.',
    labelNames: ['sweep', 'outcome'] as const,
    buckets: [0.01, 0.05, 0.1, 0.5, 1, 5, 15, 60, 300],
    registers,
  });
  const lastRan = new Map<string, number>();
  new Gauge({
    name: 'orchard_sweep_lag_seconds',
    help: 'Seconds since this process last completed each sweep (the lowest over the instances is the sweep lag).',
    labelNames: ['sweep'] as const,
    registers,
    collect() {
      const now = performance.now();
      for (const [sweep, at] of lastRan) this.set({ sweep }, (now - at) / 1000);
    },
  });

  let sources: ScrapeSources = {};
  new Gauge({
    name: 'orchard_db_pool_connections',
    help: 'PostgreSQL pool connections by state: total open, idle, and the configured maximum (none on PGlite).',
    labelNames: ['state'] as const,
    registers,
    collect() {
      const pool = sources.pool?.();
      if (!pool) return;
      this.set({ state: 'total' }, pool.total);
      this.set({ state: 'idle' }, pool.idle);
      this.set({ state: 'max' }, pool.max);
    },
  });
  new Gauge({
    name: 'orchard_db_pool_waiting',
    help: 'Queries waiting for a free PostgreSQL pool connection.',
    registers,
    collect() {
      const pool = sources.pool?.();
      if (pool) this.set(pool.waiting);
    },
  });
  new Gauge({
    name: 'orchard_mail_outbox_depth',
    help: 'Mails not sent yet: every pending one, and those due now (docs/architecture.md#mail-outbox).',
    labelNames: ['state'] as const,
    registers,
    async collect() {
      // A database that does not answer leaves the outbox out of this scrape, not the whole scrape.
      const depth = await sources.outbox?.().catch(() => undefined);
      if (!depth) return;
      this.set({ state: 'pending' }, depth.pending);
      this.set({ state: 'due' }, depth.due);
    },
  });

  const metrics: Metrics = {
    requestDone: (route, method, status, seconds) => requests.observe({ route, method, status: String(status) }, seconds),
    ledgerMoved: (kind, count = 1) => {
      if (count > 0) ledger.inc({ kind }, count);
    },
    participationBatch: (size) => batches.observe(size),
    sweepDone: (sweep, outcome, seconds) => {
      sweeps.observe({ sweep, outcome }, seconds);
      if (outcome === 'ran') lastRan.set(sweep, performance.now());
    },
  };

  return {
    registry,
    metrics,
    /** The scrape-time sources, known once the database and the services exist. */
    observe(next: ScrapeSources) {
      sources = { ...sources, ...next };
    },
  };
}

export type MetricsRegistry = ReturnType<typeof createMetricsRegistry>;

/**
 * The /metrics listener on a port of its own (decision 081): operators' scrapers reach it, the
 * public never does (the public app has no /metrics). Answers 404 to everything else.
 */
export async function startMetricsListener(registry: Registry, options: { port: number; host: string }) {
  const server = http.createServer((request, response) => {
    if (request.method !== 'GET' || request.url?.split('?')[0] !== '/metrics') {
      response.writeHead(404).end();
      return;
    }
    registry.metrics().then(
      (text) => response.writeHead(200, { 'content-type': registry.contentType }).end(text),
      (error: unknown) => response.writeHead(500, { 'content-type': 'text/plain' }).end(`metrics failed: ${String(error)}`),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => resolve());
  });
  const address = server.address() as AddressInfo;
  return {
    port: address.port,
    url: `http://${address.family === 'IPv6' ? `[${address.address}]` : address.address}:${address.port}/metrics`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
