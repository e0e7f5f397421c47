import type { CrmCandidatesQuery } from '@hh/contract/crm';
import { sql } from 'drizzle-orm';
import type { Deps } from '../../core/deps.ts';
import { loadBranding, renderMail } from '../../mail/index.ts';
import { candidateFilters } from '../search/search-candidates.ts';

export const ALERT_DIGEST_QUEUE = 'crm-alert-digest';
const LISTED = 50;

type AlertDeps = Pick<Deps, 'db' | 'mail' | 'config' | 'log'>;

type DueAlert = {
  client_id: string;
  id: string;
  name: string;
  search_query: string;
  filters: Partial<CrmCandidatesQuery>;
  email: string;
  /** As text: JavaScript dates drop PostgreSQL's microseconds, and the claim compares exactly. */
  last_run: string;
};

/**
 * The scheduled alert run (workers.ts, every 5 minutes): each active alert that is due (instant:
 * every run; daily and weekly: a day or a week after its last run) runs its saved search over the
 * candidates created since its last run, and mails the recruiter one digest when there are any.
 * The window (last run, now] and the new last run are kept in candidate_alerts, so a restart neither
 * loses nor repeats candidates; the claim (last_run_at moves only if it is still the one read) lets
 * two processes run at once without a second mail.
 */
export async function runAlerts(deps: AlertDeps): Promise<{ alerts: number; mails: number }> {
  const nowRow = await deps.db.execute<{ now: string }>(sql`SELECT now()::text AS now`);
  const now = nowRow.rows[0].now;
  // Every tenant's alerts: the one place the CRM reads across clients, a system job with no actor.
  const due = await deps.db.execute<DueAlert>(sql`
    SELECT client_id, id, name, search_query, filters, email, last_run_at::text AS last_run FROM candidate_alerts
     WHERE active AND last_run_at < ${now}::timestamptz - CASE frequency WHEN 'weekly' THEN interval '7 days' - interval '5 minutes'
                                                              WHEN 'daily' THEN interval '1 day' - interval '5 minutes' ELSE interval '0' END
     ORDER BY last_run_at LIMIT 1000`);
  let mails = 0;
  for (const a of due.rows) {
    try {
      if (await runAlert(deps, a, now)) mails += 1;
    } catch (err) {
      // One broken alert (a zip code no longer known…) must not stop the others; it is logged and tried next run.
      deps.log.warn({ err, alertId: a.id, clientId: a.client_id }, 'alert run failed');
    }
  }
  return { alerts: due.rows.length, mails };
}

async function runAlert(deps: AlertDeps, a: DueAlert, now: string): Promise<boolean> {
  const f = a.filters ?? {};
  const { where } = await candidateFilters(deps.db, a.client_id, null, {
    searchQuery: a.search_query || undefined,
    status: f.status,
    source: f.source,
    tags: f.tags,
    skills: f.skills,
    assignedJobs: f.assignedJobs,
    zipCode: f.zipCode,
    radius: f.radius,
  });
  const window = sql`AND created_at > ${a.last_run}::timestamptz AND created_at <= ${now}::timestamptz AND anonymized_at IS NULL`;
  const found = await deps.db.execute<{ id: string; first_name: string; last_name: string; email: string; city: string | null; total: number }>(sql`
    SELECT id, first_name, last_name, email, city, count(*) OVER ()::int AS total FROM candidates
     WHERE ${where} ${window} ORDER BY created_at DESC LIMIT ${LISTED}`);
  const total = found.rows[0]?.total ?? 0;
  const base = deps.config.publicUrl;
  const mail =
    total > 0
      ? await renderMail(
          'alertDigest',
          {
            alertName: a.name,
            total,
            candidates: found.rows.map((c) => ({
              name: `${c.first_name} ${c.last_name}`.trim() || c.email,
              email: c.email,
              city: c.city,
              link: `${base}/harvest/cultivate/candidates?candidate=${c.id}`,
            })),
            searchLink: `${base}/harvest/cultivate/candidates${a.search_query ? `?searchQuery=${encodeURIComponent(a.search_query)}` : ''}`,
            manageLink: `${base}/crm-alerts-setup`,
          },
          await loadBranding(deps, { clientId: a.client_id, publicUrl: base }),
        )
      : null;
  const outboxId = await deps.db.transaction(async (tx) => {
    const claimed = await tx.execute(sql`
      UPDATE candidate_alerts SET last_run_at = ${now}::timestamptz
       WHERE client_id = ${a.client_id} AND id = ${a.id} AND last_run_at = ${a.last_run}::timestamptz RETURNING id`);
    if (!claimed.rows.length || !mail) return null;
    return deps.mail.send({ to: a.email, clientId: a.client_id, ...mail }, tx);
  });
  if (outboxId) await deps.mail.deliver(outboxId);
  return !!outboxId;
}
