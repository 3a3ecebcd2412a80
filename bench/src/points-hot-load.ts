/**
 * The hot-account load of `npm run bench -- points`, in its own process as a second API instance
 * would be: HOT_CONCURRENCY loops spend 1 Orange each from random users into one project's escrow
 * account through the points service (pointsService.spend, the call project participation will
 * make), for HOT_SECONDS. There is no HTTP route that spends into a project yet, so this measures
 * the service and the database, not Fastify. Prints one JSON line with the figures.
 */
import { performance } from 'node:perf_hooks';
import { openDatabase } from '../../apps/api/src/db/client.ts';
import { systemClock } from '../../apps/api/src/lib/clock.ts';
import { AppError } from '../../apps/api/src/lib/errors.ts';
import { createPointsService } from '../../apps/api/src/modules/points/points.service.ts';

const databaseUrl = process.env.HOT_DATABASE_URL!;
const userIds = JSON.parse(process.env.HOT_USERS!) as string[];
const escrowAccountId = Number(process.env.HOT_ESCROW);
const seconds = Number(process.env.HOT_SECONDS ?? 10);
const concurrency = Number(process.env.HOT_CONCURRENCY ?? 32);
// The same pool size as the API's default (DATABASE_POOL_SIZE), so the figure compares with it.
const database = await openDatabase({ databaseUrl, dataDir: '', poolSize: Number(process.env.HOT_POOL_SIZE ?? 10) });
const points = createPointsService({ db: database.db, clock: systemClock });

const latencies: number[] = [];
let insufficient = 0;
let errors = 0;
const firstError: string[] = [];
const deadline = performance.now() + seconds * 1000;
let sequence = 0;

async function loop(worker: number) {
  while (performance.now() < deadline) {
    const userId = userIds[Math.floor(Math.random() * userIds.length)]!;
    const started = performance.now();
    try {
      await points.spend({
        userId,
        currency: 'orange',
        amount: 1,
        escrowAccountId,
        reason: 'project_participation',
        idempotencyKey: `hot-${worker}-${sequence++}`,
      });
      latencies.push(performance.now() - started);
    } catch (error) {
      if (error instanceof AppError && error.code === 'points.insufficient') insufficient += 1;
      else {
        errors += 1;
        if (firstError.length === 0) firstError.push(String(error));
      }
    }
  }
}

const started = performance.now();
await Promise.all(Array.from({ length: concurrency }, (_, worker) => loop(worker)));
const elapsed = (performance.now() - started) / 1000;
await database.close();
latencies.sort((a, b) => a - b);
const p99 = latencies.length > 0 ? latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * 0.99))]! : 0;
console.log(
  JSON.stringify({ spends: latencies.length, perSecond: Math.round(latencies.length / elapsed), p99Ms: Math.round(p99 * 10) / 10, insufficient, errors, firstError: firstError[0] ?? null }),
);
