import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';

/** Tags and sources used on a candidate join the client's catalogues (so they appear in pickers and facets). */
export async function rememberTags(db: DbOrTx, clientId: string, names: string[]) {
  for (const name of new Set(names)) {
    await db.execute(sql`INSERT INTO candidate_tags (client_id, name) VALUES (${clientId}, ${name}) ON CONFLICT (client_id, lower(name)) DO NOTHING`);
  }
}

export async function rememberSource(db: DbOrTx, clientId: string, name: string) {
  await db.execute(sql`INSERT INTO response_sources (client_id, name) VALUES (${clientId}, ${name}) ON CONFLICT (client_id, lower(name)) DO NOTHING`);
}
