import { sql } from 'drizzle-orm';
import type { Deps } from '../../core/deps.ts';
import { anonymiseCandidate } from './anonymise-candidate.ts';

export const RETENTION_QUEUE = 'crm-retention';
/** Daily at 02:41 UTC. */
export const RETENTION_CRON = '41 2 * * *';
const BATCH = 200;

/**
 * The retention rule (decision 0012 "Privacy"): a client with `retention_months` set has its
 * candidates anonymised once nothing happened to them for that many months. Activity is the latest
 * of: the candidate's last activity or update, an application's change, a timeline entry. Views and
 * exports (candidate_privacy_log) are not activity. Each candidate is anonymised in its own
 * transaction, so a failure leaves the others done; the next run picks up what is left.
 */
export async function runRetention(deps: Pick<Deps, 'db' | 'storage' | 'log'>, now = new Date()): Promise<{ clients: number; anonymised: number }> {
  const settings = await deps.db.execute<{ client_id: string; months: number }>(
    sql`SELECT client_id, retention_months AS months FROM crm_settings WHERE retention_months IS NOT NULL AND retention_months > 0`,
  );
  let anonymised = 0;
  for (const s of settings.rows) {
    const cutoff = new Date(now);
    cutoff.setUTCMonth(cutoff.getUTCMonth() - s.months);
    for (;;) {
      const stale = await deps.db.execute<{ id: string }>(sql`
        SELECT c.id FROM candidates c
         WHERE c.client_id = ${s.client_id} AND c.anonymized_at IS NULL AND c.merged_into IS NULL
           AND c.last_activity_at < ${cutoff} AND c.updated_at < ${cutoff}
           AND NOT EXISTS (SELECT 1 FROM applications a WHERE a.client_id = c.client_id AND a.candidate_id = c.id AND a.updated_at >= ${cutoff})
           AND NOT EXISTS (SELECT 1 FROM candidate_events e WHERE e.client_id = c.client_id AND e.candidate_id = c.id AND e.created_at >= ${cutoff})
         ORDER BY c.last_activity_at LIMIT ${BATCH}`);
      let done = 0;
      for (const r of stale.rows) {
        try {
          if (await anonymiseCandidate(deps, { clientId: s.client_id, candidateId: r.id, actor: null, reason: 'anonymised' })) done++;
        } catch (err) {
          deps.log.error({ err, clientId: s.client_id, candidateId: r.id }, 'retention: anonymising a candidate failed; the next run retries');
        }
      }
      anonymised += done;
      if (stale.rows.length < BATCH || done === 0) break;
    }
  }
  if (anonymised) deps.log.info({ anonymised }, 'retention: candidates anonymised');
  return { clients: settings.rows.length, anonymised };
}
