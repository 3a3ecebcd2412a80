import type { Db } from './client.ts';
import type { FileStore } from '../lib/storage.ts';
import { systemClock, type Clock } from '../lib/clock.ts';
import { artists } from '../modules/artists/artists.table.ts';
import { ensureMediaReferenceData } from '../modules/media/media.reference-data.ts';
import { seedSampleMediaIfEmpty } from '../modules/media/media.sample-data.ts';
import { seedSampleOperator } from '../modules/operator-roles/operator-roles.ts';
import { seedArtists } from './sample-data.ts';

/**
 * Loads the sample data (first start, `npm run seed`): artists into an empty database; media into
 * an empty catalogue; the development identity `operator` as an operator. Each part is skipped when
 * already there, so a database made before a part existed gets it on its next start.
 */
export async function seedSampleDataIfEmpty({ db, files, clock = systemClock }: { db: Db; files: FileStore; clock?: Clock }): Promise<boolean> {
  await ensureMediaReferenceData(db);
  const existing = await db.select({ id: artists.id }).from(artists).limit(1);
  if (existing.length === 0) await seedArtists(db, files);
  const mediaLoaded = await seedSampleMediaIfEmpty(db);
  await seedSampleOperator(db, clock.now());
  return existing.length === 0 || mediaLoaded;
}
