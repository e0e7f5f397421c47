import { DEFAULT_STATUSES } from '@hh/contract/crm';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { crmSettings } from '../db/schema/candidates.ts';

/** The client's pipeline: its own ordered statuses, or the default (DEFAULT_STATUSES). */
export async function getStatuses(db: DbOrTx, clientId: string): Promise<string[]> {
  const [row] = await db.select({ statuses: crmSettings.statuses }).from(crmSettings).where(eq(crmSettings.clientId, clientId)).limit(1);
  return row?.statuses?.length ? row.statuses : [...DEFAULT_STATUSES];
}
