import { loadConfig } from '../config.ts';
import { openDatabase } from './boot.ts';
import { migrate } from './migrate.ts';

// `npm run db:migrate`: applies pending migrations to DATABASE_URL or the embedded database.
const config = loadConfig();
const database = await openDatabase(config, (m) => console.log(m));
try {
  const applied = await migrate(database.pool, (m) => console.log(m));
  console.log(applied.length ? `applied ${applied.length} migration(s)` : 'database is up to date');
} finally {
  await database.stop();
}
