import { loadConfig } from '../config.ts';
import { createFileStore } from '../lib/file-store.ts';
import { openDatabase } from '../db/client.ts';
import { seedSampleDataIfEmpty } from './seed.ts';

const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
try {
  await database.migrate();
  const seeded = await seedSampleDataIfEmpty({ db: database.db, files: createFileStore(config), config, log: (message) => console.log(message) });
  console.log(seeded.loaded ? 'Sample data loaded.' : 'The database already has data; nothing loaded.');
} finally {
  await database.close();
}
