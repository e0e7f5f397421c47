import type { CampaignEntity, crmRoutes as r } from '@hh/contract/crm';
import { messages } from '@hh/contract/messages';
import { sql } from 'drizzle-orm';
import { requireClient } from '../../auth/access.ts';
import type { Operation } from '../../core/operation.ts';
import type { DbOrTx } from '../../db/client.ts';
import { notFound } from '../../lib/app-error.ts';
import { CANDIDATE_READERS } from '../rights.ts';

type CampaignRow = {
  id: string;
  client_id: string;
  list_id: string | null;
  list_name: string | null;
  name: string;
  subject: string;
  body: string;
  status: string;
  total_count: number;
  sent_count: number;
  skipped_count: number;
  created_at: string;
  updated_at: string;
  started_at: string | null;
  sent_at: string | null;
  list_count: number;
  unsubscribed: number;
  anonymised: number;
  no_email: number;
  duplicate: number;
};

const iso = (d: string | null) => (d ? new Date(d).toISOString() : null);

/**
 * Why a list member would not get a campaign mail now, as SQL over `c` (candidates) and `u` (its
 * unsubscribe row, joined with unsubscribedJoin): anonymised (or merged into another), no address,
 * unsubscribed; a second member with the same address gets the first one's mail only ('duplicate',
 * decided by the caller with a window). A join, not a subquery: Citus cannot push a subquery in a
 * target list down in every query shape (the send's INSERT … SELECT).
 */
export const skipReasonSql = sql`CASE
  WHEN c.anonymized_at IS NOT NULL OR c.merged_into IS NOT NULL THEN 'anonymised'
  WHEN btrim(c.email) = '' THEN 'no-email'
  WHEN u.email IS NOT NULL THEN 'unsubscribed'
END`;

/** Put right after the join of `candidates c`: at most one row, the primary key is (client_id, email). */
export const unsubscribedJoin = sql`LEFT JOIN campaign_unsubscribes u ON u.client_id = c.client_id AND u.email = lower(btrim(c.email))`;

/**
 * Campaigns with their list and counts. For a draft the skipped counts are what a send would skip
 * now; once sending starts they are the recorded outcome (campaign_recipients).
 */
async function readCampaigns(db: DbOrTx, clientId: string, campaignId?: string): Promise<CampaignEntity[]> {
  const r = await db.execute<CampaignRow>(sql`
    SELECT k.id, k.client_id, k.list_id, l.name AS list_name, k.name, k.subject, k.body, k.status, k.total_count, k.sent_count,
           k.skipped_count, k.created_at, k.updated_at, k.started_at, k.sent_at, s.*
      FROM campaigns k
      LEFT JOIN candidate_lists l ON l.client_id = k.client_id AND l.id = k.list_id
      CROSS JOIN LATERAL (
        SELECT count(*)::int AS list_count,
               count(*) FILTER (WHERE reason = 'unsubscribed')::int AS unsubscribed,
               count(*) FILTER (WHERE reason = 'anonymised')::int AS anonymised,
               count(*) FILTER (WHERE reason = 'no-email')::int AS no_email,
               count(*) FILTER (WHERE reason = 'duplicate')::int AS duplicate
          FROM (
            SELECT r.reason FROM campaign_recipients r WHERE k.status <> 'draft' AND r.client_id = k.client_id AND r.campaign_id = k.id
            UNION ALL
            SELECT coalesce(${skipReasonSql}, CASE WHEN row_number() OVER (PARTITION BY lower(btrim(c.email)), (${skipReasonSql}) IS NULL ORDER BY m.added_at, c.id) > 1 THEN 'duplicate' END)
              FROM candidate_list_members m JOIN candidates c ON c.client_id = m.client_id AND c.id = m.candidate_id ${unsubscribedJoin}
             WHERE k.status = 'draft' AND m.client_id = k.client_id AND m.list_id = k.list_id
          ) x
      ) s
     WHERE k.client_id = ${clientId} ${campaignId ? sql`AND k.id = ${campaignId}` : sql``}
     ORDER BY k.created_at DESC LIMIT 500`);
  return r.rows.map((k) => ({
    _id: k.id,
    clientId: k.client_id,
    listId: k.list_id,
    listName: k.list_name,
    name: k.name,
    subject: k.subject,
    body: k.body,
    status: k.status as CampaignEntity['status'],
    listCount: k.list_count,
    skipped: { unsubscribed: k.unsubscribed, anonymised: k.anonymised, noEmail: k.no_email, duplicate: k.duplicate },
    totalCount: k.total_count,
    sentCount: k.sent_count,
    skippedCount: k.skipped_count,
    createdAt: new Date(k.created_at).toISOString(),
    updatedAt: new Date(k.updated_at).toISOString(),
    startedAt: iso(k.started_at),
    sentAt: iso(k.sent_at),
  }));
}

/** `GET api/campaigns`: the client's campaigns, newest first. */
export const listCampaigns: Operation<typeof r.listCampaigns, 'db'> = async (deps, input) => {
  const client = await requireClient(deps, input.actor, input.clientId, CANDIDATE_READERS, 'campaigns');
  const results = await readCampaigns(deps.db, client.id);
  return { results, totalCount: results.length };
};

/** `GET api/campaigns/{id}`. */
export const getCampaign: Operation<typeof r.getCampaign, 'db'> = async (deps, input) => {
  const client = await requireClient(deps, input.actor, input.clientId, CANDIDATE_READERS, 'campaigns');
  return loadCampaign(deps.db, client.id, input.id);
};

/** One campaign of the client (404 in another client). */
export async function loadCampaign(db: DbOrTx, clientId: string, campaignId: string): Promise<CampaignEntity> {
  const [c] = await readCampaigns(db, clientId, campaignId);
  if (!c) throw notFound('campaigns', messages.crm.campaignNotFound);
  return c;
}
