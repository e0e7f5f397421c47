import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { skipReasonSql, unsubscribedJoin } from './campaigns.ts';
import type { CampaignRecipient } from './render-campaign.ts';

export type MemberRow = CampaignRecipient & { id: string };

/** Members of a list who can receive a campaign now (not anonymised, with an address, not unsubscribed), in the order they were added (people added together: by name). */
export async function eligibleMembers(db: DbOrTx, clientId: string, listId: string, opts: { limit: number; candidateId?: string }): Promise<MemberRow[]> {
  const r = await db.execute<{ id: string; first_name: string; last_name: string; email: string; city: string | null; job_title: string | null }>(sql`
    SELECT c.id, c.first_name, c.last_name, c.email, c.city,
           (SELECT j.title FROM applications a JOIN jobs j ON j.client_id = a.client_id AND j.id = a.job_id
             WHERE a.client_id = c.client_id AND a.candidate_id = c.id ORDER BY a.created_at DESC LIMIT 1) AS job_title
      FROM candidate_list_members m JOIN candidates c ON c.client_id = m.client_id AND c.id = m.candidate_id ${unsubscribedJoin}
     WHERE m.client_id = ${clientId} AND m.list_id = ${listId} AND ${skipReasonSql} IS NULL
       ${opts.candidateId ? sql`AND c.id = ${opts.candidateId}` : sql``}
     ORDER BY m.added_at, lower(c.first_name), lower(c.last_name), c.id LIMIT ${opts.limit}`);
  return r.rows.map((x) => ({ id: x.id, firstName: x.first_name, lastName: x.last_name, email: x.email, city: x.city, jobTitle: x.job_title }));
}

/** Shown when a list has nobody to preview with: the merge fields still read naturally. */
export const SAMPLE_RECIPIENT: CampaignRecipient = {
  firstName: 'Alex',
  lastName: 'Sample',
  email: 'alex@example.com',
  city: 'Springfield',
  jobTitle: 'Sample job',
};
