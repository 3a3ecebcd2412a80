import type { Database } from '../db/client.ts';
import { noMetrics, type Metrics } from '../lib/metrics.ts';
import { withAdvisoryLock } from './advisory-lock.ts';
import type { Sweep } from './sweeps.ts';

export type SweepOutcome =
  | { sweep: string; status: 'ran'; result: unknown; ms: number }
  /** Another instance (or another scheduler in this process) holds the sweep's lock. */
  | { sweep: string; status: 'skipped' }
  | { sweep: string; status: 'failed'; error: unknown };

type Log = { info(object: object, message: string): void; error(object: object, message: string): void };

export const sweepIntervalMs = 60_000;

/**
 * Runs every sweep once at start and then every minute (docs/architecture.md#sweeps), each under its
 * advisory lock so only one instance works at a time. A failing sweep is logged and retried on the
 * next pass; it never stops the other sweeps or the process. Passes never overlap: the next one is
 * scheduled when the previous has finished, so a slow pass delays rather than piles up.
 */
export function createScheduler({
  database,
  sweeps,
  log,
  intervalMs = sweepIntervalMs,
  metrics = noMetrics,
}: {
  database: Database;
  sweeps: Sweep[];
  log: Log;
  intervalMs?: number;
  /** Each sweep's duration and outcome (decision 081). */
  metrics?: Pick<Metrics, 'sweepDone'>;
}) {
  let timer: NodeJS.Timeout | undefined;
  let current: Promise<SweepOutcome[]> | undefined;
  let stopped = false;
  const stopping = new AbortController();

  async function runSweep(sweep: Sweep): Promise<SweepOutcome> {
    const started = performance.now();
    // The span the lock was held for the work, in epoch milliseconds: logged, so runs on several processes can be compared.
    const held = { from: 0, to: 0 };
    const epochNow = () => performance.timeOrigin + performance.now();
    try {
      const outcome = await withAdvisoryLock(database, sweep.lockKey, async () => {
        held.from = epochNow();
        try {
          return await sweep.run(stopping.signal);
        } finally {
          held.to = epochNow();
        }
      });
      if (!outcome.acquired) {
        metrics.sweepDone(sweep.name, 'skipped', (performance.now() - started) / 1000);
        return { sweep: sweep.name, status: 'skipped' };
      }
      metrics.sweepDone(sweep.name, 'ran', (performance.now() - started) / 1000);
      const ms = Math.round(performance.now() - started);
      log.info({ sweep: sweep.name, result: outcome.value, ms, heldFrom: held.from, heldTo: held.to }, 'sweep done');
      return { sweep: sweep.name, status: 'ran', result: outcome.value, ms };
    } catch (error) {
      metrics.sweepDone(sweep.name, 'failed', (performance.now() - started) / 1000);
      log.error({ err: error, sweep: sweep.name }, 'sweep failed; retried on the next pass');
      return { sweep: sweep.name, status: 'failed', error };
    }
  }

  async function pass(): Promise<SweepOutcome[]> {
    const outcomes: SweepOutcome[] = [];
    // One after another: each holds at most one pool connection for its lock, leaving the rest to requests.
    for (const sweep of sweeps) {
      if (stopped) break;
      outcomes.push(await runSweep(sweep));
    }
    return outcomes;
  }

  function tick() {
    current = pass().finally(() => {
      if (!stopped) timer = setTimeout(tick, intervalMs);
    });
  }

  return {
    /** Every sweep once, now (tests, and the first pass of start()). */
    runOnce(): Promise<SweepOutcome[]> {
      return pass();
    },

    /** The first pass starts at once; later passes every `intervalMs` after the previous one ends. */
    start() {
      if (timer || current || stopped) return;
      tick();
    },

    /** Waits for the pass in progress, if any (tests). */
    async idle(): Promise<void> {
      await current;
    },

    /** Graceful shutdown: no new pass starts, and the sweep in progress ends after its current item. */
    async stop() {
      stopped = true;
      stopping.abort();
      clearTimeout(timer);
      await current?.catch(() => {});
    },
  };
}

export type Scheduler = ReturnType<typeof createScheduler>;
