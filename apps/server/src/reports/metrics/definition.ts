import type { ReportReply, ReportRow } from '@hh/contract/reports';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { ReportScope } from '../period.ts';

/** One metric, defined once: its figures, and the applications behind each of them. */
export interface MetricDefinition {
  /** What the headline `value` counts. */
  unit: ReportReply['unit'];
  /** The rows are days (their keys are YYYY-MM-DD). */
  byDay?: true;
  figures(db: Db, s: ReportScope): Promise<{ value: number | null; count: number; rows: ReportRow[] }>;
  /**
   * The applications behind the headline (no key) or one row (its key): a query of `app_id uuid`
   * and `days float8` (null for counts), scoped to the client.
   */
  applications(s: ReportScope, key: string | undefined, part: 'entered' | 'movedOn'): SQL;
}

/** `AND <column> = jobId` when the report is for one job. */
export const forJob = (column: SQL, s: ReportScope) => (s.jobId ? sql` AND ${column} = ${s.jobId}` : sql``);

/** Stage kinds in pipeline order, with the name a report shows when it groups the stages of several jobs. */
export const KINDS = [
  ['applied', 'Applied'],
  ['screening', 'Screening'],
  ['interview', 'Interview'],
  ['offer', 'Offer'],
  ['hired', 'Hired'],
  ['other', 'Other stages'],
] as const;
export const kindLabel = (kind: string) => KINDS.find(([k]) => k === kind)?.[1] ?? kind;
export const kindOrder = (kind: string) => {
  const i = KINDS.findIndex(([k]) => k === kind);
  return i < 0 ? KINDS.length : i;
};

/** Days with one decimal, as reports show them. */
export const days1 = (x: number | null | undefined) => (x === null || x === undefined ? null : Math.round(Number(x) * 10) / 10);
/** A share from 0 to 1 with three decimals; null when there is nothing to divide. */
export const share = (n: number, of: number) => (of > 0 ? Math.round((n / of) * 1000) / 1000 : null);

/** "Title – City (requisition id)": how every job picker names a job, so two jobs of one title can be told apart. */
export const jobLabelSql = (j: string) =>
  sql.raw(`${j}.title || coalesce(' – ' || nullif(${j}.city, ''), '') || coalesce(' (' || nullif(${j}.reference_number, '') || ')', '')`);
