import type { Db } from './client.ts';
import type { FileStore } from '../lib/storage.ts';
import { artists } from '../modules/artists/artists.table.ts';
import { seedArtists } from './sample-data.ts';

/** Loads the sample data into an empty database (first start, `npm run seed`). */
export async function seedSampleDataIfEmpty({ db, files }: { db: Db; files: FileStore }): Promise<boolean> {
  const existing = await db.select({ id: artists.id }).from(artists).limit(1);
  if (existing.length > 0) return false;
  await seedArtists(db, files);
  return true;
}
