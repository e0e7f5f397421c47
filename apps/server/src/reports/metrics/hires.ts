import { type SQL, sql } from 'drizzle-orm';
import { bounds, type ReportScope } from '../period.ts';
import { forJob } from './definition.ts';

/**
 * Hires in the period: applications whose first move into a stage of kind "hired" falls in it
 * (an application placed in Hired before moves were recorded counts from the time it entered
 * that stage). Columns: app_id, job_id, source, applied_at, hired_at, days (applied to hired).
 * Time to hire and source of hire both read this one definition.
 */
export function hires(s: ReportScope): SQL {
  const { start, end } = bounds(s);
  return sql`
    WITH hs AS (SELECT id FROM job_stages WHERE client_id = ${s.clientId} AND kind = 'hired'${forJob(sql`job_id`, s)}),
    cand AS (
      SELECT e.application_id AS id FROM application_stage_events e
       WHERE e.client_id = ${s.clientId}${forJob(sql`e.job_id`, s)} AND e.to_stage_id IN (SELECT id FROM hs) AND e.at >= ${start} AND e.at < ${end}
      UNION
      SELECT a.id FROM applications a
       WHERE a.client_id = ${s.clientId}${forJob(sql`a.job_id`, s)} AND a.stage_id IN (SELECT id FROM hs) AND a.stage_entered_at >= ${start} AND a.stage_entered_at < ${end}
    ),
    h AS (
      SELECT a.id AS app_id, a.job_id, a.source, a.created_at AS applied_at,
             coalesce((SELECT min(e.at) FROM application_stage_events e
                        WHERE e.client_id = a.client_id AND e.application_id = a.id AND e.to_stage_id IN (SELECT id FROM hs)),
                      CASE WHEN a.stage_id IN (SELECT id FROM hs) THEN a.stage_entered_at END) AS hired_at
        FROM cand JOIN applications a ON a.client_id = ${s.clientId} AND a.id = cand.id
    )
    SELECT h.*, greatest(0, extract(epoch FROM h.hired_at - h.applied_at) / 86400) AS days FROM h
     WHERE h.hired_at >= ${start} AND h.hired_at < ${end}`;
}
