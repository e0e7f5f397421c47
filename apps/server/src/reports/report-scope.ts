import { messages } from '@hh/contract/messages';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { notFound } from '../lib/app-error.ts';
import { type ReportScope, reportPeriod, zoneOf } from './period.ts';

/**
 * The scope of a report: the period in its time zone (the one asked for, else the client's, else
 * UTC) and the job, which must be one of the client's (another client's job answers 404 as a
 * missing one).
 */
export async function reportScope(
  db: DbOrTx,
  client: { id: string; timeZone: string | null },
  input: { from?: string; to?: string; timeZone?: string; jobId?: string },
): Promise<ReportScope> {
  const period = reportPeriod({ from: input.from, to: input.to, timeZone: zoneOf(input.timeZone, client.timeZone) });
  if (input.jobId) {
    const r = await db.execute(sql`SELECT 1 FROM jobs WHERE client_id = ${client.id} AND id = ${input.jobId}`);
    if (!r.rows.length) throw notFound('job', messages.reports.jobNotFound);
  }
  return { clientId: client.id, ...period, jobId: input.jobId ?? null };
}
