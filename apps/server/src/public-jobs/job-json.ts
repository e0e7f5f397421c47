import { getTableColumns } from 'drizzle-orm';
import { jobs } from '../db/schema/jobs.ts';
import type { JobRow } from '../jobs/index.ts';

const COLUMNS = Object.entries(getTableColumns(jobs)).map(([key, col]) => ({ key, name: col.name, date: col.columnType === 'PgTimestamp' }));
/** A jobs row from `to_jsonb(jobs)`: column names to drizzle keys, timestamps to Dates. */
export function rowFromJson(j: Record<string, unknown>): JobRow {
  const out: Record<string, unknown> = {};
  for (const c of COLUMNS) {
    const v = j[c.name];
    out[c.key] = c.date && typeof v === 'string' ? new Date(v) : (v ?? null);
  }
  return out as JobRow;
}
