import { loadConfig } from '../config.ts';
import { openDatabase } from './boot.ts';
import { distribute } from './distribute.ts';

// `npm run db:distribute`: distributes the migrated schema on a Citus coordinator (DATABASE_URL);
// a no-op on plain PostgreSQL and for tables already distributed (docs/scaling.md).
const config = loadConfig();
const database = await openDatabase(config, (m) => console.log(m));
try {
  // CITUS_SHARD_COUNT: shards per distributed table when first distributed (Citus's default is 32).
  const shardCount = process.env.CITUS_SHARD_COUNT ? Number(process.env.CITUS_SHARD_COUNT) : undefined;
  const r = await distribute(database.pool, { log: (m) => console.log(m), shardCount });
  if (!r.citus) console.log('the citus extension is not installed in this database: nothing to distribute');
  else console.log(`distributed ${r.distributed.length} table(s), ${r.reference.length} reference table(s) created`);
} finally {
  await database.stop();
}
