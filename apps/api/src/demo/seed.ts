import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import type { FileStore } from '../lib/storage.ts';
import { systemClock, type Clock } from '../lib/clock.ts';
import { seedSampleArtistsIfEmpty } from '../modules/artists/artists.sample-data.ts';
import { ensureMediaReferenceData } from '../modules/media/media.reference-data.ts';
import { seedSampleMediaIfEmpty } from '../modules/media/media.sample-data.ts';
import { seedSampleOperator } from '../modules/operator-roles/operator-roles.ts';
import { anyAccountWithin } from '../modules/users/users.service.ts';
import { seedDemo, type DemoSummary } from './demo.ts';
import { demoDays } from './demo-plan.ts';

export type SeedOutcome = { loaded: boolean; demo: DemoSummary | null };

/**
 * Loads the sample data (first start, `npm run seed`), each part by the module that owns it:
 * artists into an empty database; media into an empty catalogue; the development identity
 * `operator` as an operator. Each part is skipped when already there, so a database made before a
 * part existed gets it on its next start.
 *
 * On a first start (no artist and no account yet) and given the configuration, the demo follows
 * (demo.ts): fans and projects in every status, written through the services. It all runs in
 * one transaction: a process stopped halfway leaves the database as empty as it found it, and the
 * next start loads everything again. Files it had written by then stay behind unreferenced.
 */
export async function seedSampleDataIfEmpty({
  db,
  files,
  clock = systemClock,
  config,
  log = () => {},
}: {
  db: Db;
  files: FileStore;
  clock?: Clock;
  /** Needed for the demo (it builds the services); without it only the sample data is loaded. */
  config?: Config;
  log?: (message: string) => void;
}): Promise<SeedOutcome> {
  await ensureMediaReferenceData(db);
  return db.transaction(async (tx) => {
    // The services take a database; inside this transaction theirs is the transaction, and each of
    // their own transactions becomes a savepoint of it.
    const within = tx as unknown as Db;
    const noAccounts = !(await anyAccountWithin(tx));
    const artistsLoaded = await seedSampleArtistsIfEmpty(tx, files);
    const withDemo = artistsLoaded && noAccounts && config !== undefined;
    const now = clock.now();
    if (withDemo) log(`First start: loading the sample data and the demo (once, through the services: it takes a while)…`);
    const mediaLoaded = await seedSampleMediaIfEmpty(tx);
    // With the demo, the operator joined when the demo's history begins.
    await seedSampleOperator(tx, withDemo ? new Date(now.getTime() - (demoDays + 5) * 86_400_000) : now);
    const started = performance.now();
    const demo = withDemo ? await seedDemo({ db: within, files, config, now }) : null;
    if (demo) {
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      log(`Demo loaded in ${seconds} s: ${demo.projects} projects, ${demo.fans} fans (development sign-in: fan01 … fan${demo.fans}), ${demo.participations} participations.`);
    }
    return { loaded: artistsLoaded || mediaLoaded || demo !== null, demo };
  });
}
