import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { inPeriod, type ReportScope } from '../../reports/index.ts';

const hours = (h: number | null | undefined) => (h === null || h === undefined ? null : Math.round(Number(h) * 10) / 10);

/**
 * Time to first response: for each application in the period (not one a recruiter entered), the
 * hours from the application to the first action by a person in the candidate's timeline at or
 * after it (a status move, tag, note, email, follow-up…; opening the profile does not count).
 * Applications with no such action yet are `waiting`. The period is days in the client's time zone.
 */
export async function firstResponse(db: Db, clientId: string, days: Pick<ReportScope, 'from' | 'to' | 'timeZone'>) {
  const r = await db.execute<{ median: number | null; p90: number | null; responded: number; waiting: number }>(sql`
    SELECT percentile_cont(0.5) WITHIN GROUP (ORDER BY h) FILTER (WHERE h IS NOT NULL)::float8 AS median,
           percentile_cont(0.9) WITHIN GROUP (ORDER BY h) FILTER (WHERE h IS NOT NULL)::float8 AS p90,
           count(h)::int AS responded,
           count(*) FILTER (WHERE h IS NULL)::int AS waiting
      FROM (SELECT extract(epoch FROM first.at - a.created_at) / 3600 AS h
              FROM applications a
              CROSS JOIN LATERAL (SELECT min(e.created_at) AS at FROM candidate_events e
                                   WHERE e.client_id = a.client_id AND e.candidate_id = a.candidate_id AND e.actor_id IS NOT NULL
                                     AND e.created_at >= a.created_at AND e.type <> 'viewed') first
             WHERE a.client_id = ${clientId} AND a.source <> 'recruiter' AND ${inPeriod(sql`a.created_at`, days)}) x`);
  const row = r.rows[0];
  return { medianHours: hours(row?.median), p90Hours: hours(row?.p90), responded: row?.responded ?? 0, waiting: row?.waiting ?? 0 };
}
