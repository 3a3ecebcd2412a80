/**
 * `npm run chaos`'s closes under kills (docs/quality.md#r1): projects of several thousand
 * participations fail at their close, run by the API processes' own schedulers, while the process
 * running it is killed with SIGKILL in the middle of it and restarted; the sweep at each start (or
 * the other process's next pass, every minute) takes the close up again. In the end every
 * participation must have exactly one return, every project must be failed and hold nothing, and
 * every fan's Orange must be their charge again.
 *
 * The projects end tomorrow while they are seeded, so no close starts early; then their funding
 * dates move into the past and one process restarts, and its first sweep starts the close. A kill
 * waits until a close is under way: a project's advisory lock held exclusively (a close's first
 * lock), or some of its participations returned but not all. It takes the process whose connection
 * holds that lock (each process names its connections), or, when none holds it at that moment,
 * the one not killed last.
 *
 * Environment: CHAOS_CLOSE_PROJECTS (2), CHAOS_CLOSE_PARTICIPATIONS (3,000 per project),
 * CHAOS_CLOSE_FANS (300), CHAOS_CLOSE_KILLS (3).
 */
import pg from 'pg';
import type { Db } from '../../apps/api/src/db/client.ts';
import { projectLockNamespace } from '../../apps/api/src/modules/projects/projects.repository.ts';
import { seedParticipations } from './close.ts';
import { chargeEveryone, mintUsers, orangePerCharge } from './points-setup.ts';
import { openFundingProjects } from './projects-setup.ts';

const projectCount = Number(process.env.CHAOS_CLOSE_PROJECTS ?? 2);
const participationsPerProject = Number(process.env.CHAOS_CLOSE_PARTICIPATIONS ?? 3000);
const fanCount = Number(process.env.CHAOS_CLOSE_FANS ?? 300);
const killCount = Number(process.env.CHAOS_CLOSE_KILLS ?? 3);
/** A kill lands this long, at random, after a close is seen under way. */
const killDelayMaxMs = 800;
const waitForCloseMs = 90_000;
/** The scheduler passes every minute: a close a kill left unfinished is taken up by the next start at the latest. */
const waitForReturnsMs = 10 * 60_000;

export type CloseChaos = { violations: string[]; summary: string[] };

/**
 * `restart` kills one API process with SIGKILL (`target`, an index into `applicationNames`, or one
 * it picks), runs `whileDown` once the process has exited, starts it again and resolves once it
 * answers. `applicationNames[i]` is the application_name of process i's connections.
 */
export async function closesUnderKills({
  databaseUrl,
  db,
  restart,
  applicationNames,
}: {
  databaseUrl: string;
  db: Db;
  restart: (reason: string, options?: { target?: number; whileDown?: () => Promise<void> }) => Promise<void>;
  applicationNames: string[];
}): Promise<CloseChaos> {
  const fans = await mintUsers(databaseUrl, fanCount, 'chaosclosefan');
  await chargeEveryone(db, fans, { key: 'chaos-close' });
  const projectIds = await openFundingProjects(databaseUrl, fans[0]!.id, projectCount, {
    purpose: 'ongoing',
    goal: 100_000_000,
    minimumUnit: 10,
    fundingEndsInDays: 1,
  });
  for (const projectId of projectIds) await seedParticipations(db, databaseUrl, projectId, fans, participationsPerProject);
  const total = projectCount * participationsPerProject;

  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const summary: string[] = [];
  const violations: string[] = [];
  try {
    const progress = async () => {
      // The close holds its project's lock on one connection; the connection's application_name says whose.
      const { rows } = await client.query<{ returned: number; holder: string | null }>(
        `select (select count(*) from point_transactions where type = 'return' and project_id = any($1::int[]))::int as returned,
           (select a.application_name from pg_locks l join pg_stat_activity a on a.pid = l.pid
             where l.locktype = 'advisory' and l.mode = 'ExclusiveLock' and l.granted
               and l.classid::bigint = $2 and l.objid::bigint = any($1::int[]) and l.objsubid = 2 limit 1) as holder`,
        [projectIds, projectLockNamespace],
      );
      const { returned, holder } = rows[0]!;
      const index = holder === null ? -1 : applicationNames.indexOf(holder);
      return { returned, locked: holder !== null, holder: index >= 0 ? index : undefined };
    };
    await client.query(
      `update projects set funding_start_date = funding_start_date - 3, funding_end_date = (now() at time zone 'Asia/Seoul')::date - 1 where id = any($1::int[])`,
      [projectIds],
    );
    await restart('closes due: the sweep at start takes them');

    const killedAt: number[] = [];
    let holdersKilled = 0;
    let last = -1;
    for (let kill = 1; kill <= killCount; kill++) {
      const seen = await waitFor(async () => {
        const state = await progress();
        return state.returned >= total || state.locked || state.returned > 0 ? state : null;
      }, waitForCloseMs);
      if (!seen || seen.returned >= total) break;
      await sleep(Math.floor(Math.random() * killDelayMaxMs));
      // The process running the close (holding a project's lock) if one is; between two batches
      // nobody holds it, and the kill takes the process not killed last, so both are killed in turn.
      const holder = (await progress()).holder;
      const target = holder ?? (last + 1) % applicationNames.length;
      if (holder !== undefined) holdersKilled += 1;
      last = target;
      await restart(`close kill ${kill}${holder !== undefined ? ' (the process running the close)' : ''}`, {
        target,
        whileDown: async () => void killedAt.push((await progress()).returned),
      });
    }
    const done = await waitFor(async () => ((await progress()).returned >= total ? true : null), waitForReturnsMs);
    if (!done) violations.push(`closes under kills: ${(await progress()).returned} of ${total} participations returned after ${waitForReturnsMs / 60_000} minutes`);
    const midClose = killedAt.filter((returned) => returned < total).length;
    summary.push(
      `closes under kills: ${projectCount} projects × ${participationsPerProject} participations from ${fanCount} fans; ` +
        `${killedAt.length} kills during a close (${holdersKilled} of the process holding its lock), ${midClose} of them before every return was in (returns committed at each: ${killedAt.join(', ') || 'none'})`,
    );
    if (midClose === 0) summary.push('  note: no kill landed before the returns were all in; the closes outran the kills (raise CHAOS_CLOSE_PARTICIPATIONS)');

    const outcomes = await client.query<{ id: number; status: string; participations: number; returned: number; twice: number; escrow: number }>(
      `select p.id, p.status,
         (select count(*) from project_participations pp where pp.project_id = p.id)::int as participations,
         (select count(distinct r.related_transaction_id) from point_transactions r where r.type = 'return' and r.project_id = p.id)::int as returned,
         (select count(*) from (select related_transaction_id from point_transactions r where r.type = 'return' and r.project_id = p.id
            group by related_transaction_id having count(*) > 1) twice)::int as twice,
         coalesce((select sum(amount) from point_postings pg where pg.escrow_account_id = p.escrow_account_id), 0)::int as escrow
       from projects p where p.id = any($1::int[]) order by p.id`,
      [projectIds],
    );
    for (const row of outcomes.rows) {
      const what = `closed project ${row.id} (${row.status}, ${row.participations} participations, ${row.returned} returned, escrow ${row.escrow})`;
      if (row.status !== 'failed') violations.push(`${what}: not failed`);
      if (row.returned !== row.participations) violations.push(`${what}: not every participation returned`);
      if (row.twice > 0) violations.push(`${what}: ${row.twice} participations returned more than once`);
      if (row.escrow !== 0) violations.push(`${what}: its escrow still holds points`);
    }
    const wallets = await client.query<{ user_id: string; orange: number }>(
      `select user_id, (orange_purchased + orange_bonus)::int as orange from point_wallets where user_id = any($1::uuid[])`,
      [fans.map((fan) => fan.id)],
    );
    const short = wallets.rows.filter((row) => row.orange !== orangePerCharge);
    for (const row of short.slice(0, 10)) violations.push(`close fan ${row.user_id}: ${row.orange} Orange after the closes, charged ${orangePerCharge}`);
    if (short.length > 10) violations.push(`… and ${short.length - 10} more close fans not back to their charge`);
    summary.push(`closes under kills: ${outcomes.rows.filter((row) => row.status === 'failed').length} of ${projectCount} projects failed, ${wallets.rows.length - short.length} of ${fanCount} fans back to their charge`);
  } finally {
    await client.end();
  }
  return { violations, summary };
}

/** Polls `check` every 25 ms until it answers something other than null, or `timeoutMs` passes (null). */
async function waitFor<T>(check: () => Promise<T | null>, timeoutMs: number): Promise<T | null> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    const value = await check();
    if (value !== null) return value;
    await sleep(25);
  }
  return null;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
