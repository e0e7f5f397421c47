import { activitySentence } from '@hh/contract/labels';
import { and, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { candidates } from '../db/schema/candidates.ts';
import { jobs } from '../db/schema/jobs.ts';
import type { ActivityLogRow } from './serialize-activity-log.ts';

const str = (v: unknown) => (typeof v === 'string' && v ? v : null);

/** "ICU Registered Nurse – Austin, TX": a job's title and where it is. */
export const jobWords = (j: { title: string; city: string | null; state: string | null }) => {
  const place = [j.city, j.state].filter(Boolean).join(', ');
  return place ? `${j.title} – ${place}` : j.title;
};

/**
 * One sentence per activity entry, in words instead of codes: an application reads "Jordan Rivera
 * applied to ICU Registered Nurse – Austin, TX" (the candidate and the job looked up, per client);
 * anything else "ann@example.com changed the user (Harvest Plus role)" from the contract's labels.
 * A candidate or job that no longer exists (anonymised, deleted) falls back to the plain sentence.
 */
export async function describeActivity(db: DbOrTx, rows: ActivityLogRow[]): Promise<Map<string, string>> {
  const apps = rows.filter((r) => r.entity === 'application');
  const candidateIds = [...new Set(apps.map((r) => str(r.changes?.candidateId)).filter((x): x is string => !!x))];
  const jobIds = [...new Set(apps.map((r) => str(r.changes?.jobId)).filter((x): x is string => !!x))];
  const clientIds = [...new Set(apps.map((r) => r.clientId))];
  const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
  const [people, posts] = await Promise.all([
    candidateIds.length
      ? db
          .select({ clientId: candidates.clientId, id: candidates.id, firstName: candidates.firstName, lastName: candidates.lastName })
          .from(candidates)
          .where(
            and(
              inArray(candidates.clientId, clientIds),
              inArray(
                candidates.id,
                candidateIds.filter((i) => uuid.test(i)),
              ),
            ),
          )
      : [],
    jobIds.length
      ? db
          .select({ clientId: jobs.clientId, id: jobs.id, title: jobs.title, city: jobs.city, state: jobs.state })
          .from(jobs)
          .where(
            and(
              inArray(jobs.clientId, clientIds),
              inArray(
                jobs.id,
                jobIds.filter((i) => uuid.test(i)),
              ),
            ),
          )
      : [],
  ]);
  const person = new Map(people.map((p) => [`${p.clientId}:${p.id}`, [p.firstName, p.lastName].filter(Boolean).join(' ')]));
  const job = new Map(posts.map((j) => [`${j.clientId}:${j.id}`, jobWords(j)]));
  const out = new Map<string, string>();
  for (const r of rows) {
    const changes = (r.changes ?? {}) as Record<string, unknown>;
    if (r.entity === 'application') {
      const who = person.get(`${r.clientId}:${str(changes.candidateId)}`);
      const what = job.get(`${r.clientId}:${str(changes.jobId)}`);
      if (who && what) {
        out.set(r.id, r.action === 'create' ? `${who} applied to ${what}` : `${who} updated their application to ${what}`);
        continue;
      }
    }
    out.set(r.id, activitySentence({ actor: r.actorEmail, action: r.action, entity: r.entity, changes }));
  }
  return out;
}
