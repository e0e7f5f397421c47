import { desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { jobImports } from '../db/schema/jobs.ts';

/** The client's 50 latest imports, newest first. */
export function listImports(db: DbOrTx, clientId: string) {
  return db.select().from(jobImports).where(eq(jobImports.clientId, clientId)).orderBy(desc(jobImports.createdAt)).limit(50);
}
