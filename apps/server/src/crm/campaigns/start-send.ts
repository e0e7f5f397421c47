import type { crmRoutes as r } from '@hh/contract/crm';
import { messages } from '@hh/contract/messages';
import { sql } from 'drizzle-orm';
import { requireClient, requireRight } from '../../auth/access.ts';
import type { Operation } from '../../core/operation.ts';
import { badRequest, conflict } from '../../lib/app-error.ts';
import { CANDIDATE_ADMINS, CANDIDATE_READERS } from '../rights.ts';
import { loadCampaign, skipReasonSql, unsubscribedJoin } from './campaigns.ts';
import { checkMergeFields } from './merge-fields.ts';
import { CAMPAIGN_SEND_QUEUE } from './send-batch.ts';

/**
 * `POST api/campaigns/send`: starts sending a draft to its list. In one transaction the draft becomes
 * 'sending' (only once: a second click gets 409) and every member becomes a campaign_recipients row,
 * 'pending' or 'skipped' with the reason (unsubscribed, anonymised, no email, a second member with
 * the same address). The queue job then sends one mail per pending row; the reply comes at once and
 * the portal polls the campaign for its progress.
 *
 * Sending needs a harvest or cultivate admin: mail in the client's name to many people at once cannot
 * be called back (docs/permissions.md "Candidates").
 */
export const startCampaignSend: Operation<typeof r.sendCampaign, 'db' | 'queue'> = async (deps, input) => {
  const clientId = (await requireClient(deps, input.actor, input.clientId, CANDIDATE_READERS, 'campaigns')).id;
  const actor = requireRight(input.actor, CANDIDATE_ADMINS, 'campaigns');
  const before = await loadCampaign(deps.db, clientId, input._id);
  if (before.status !== 'draft') throw conflict('campaigns', messages.crm.campaignAlreadySent);
  if (!before.subject.trim() || !before.body.trim()) throw badRequest('campaigns', messages.crm.campaignEmpty);
  if (!before.listId) throw badRequest('campaigns', messages.crm.campaignNoList);
  checkMergeFields('subject', before.subject);
  checkMergeFields('body', before.body);
  const total = await deps.db.transaction(async (tx) => {
    const claimed = await tx.execute<{ list_id: string }>(sql`
      UPDATE campaigns SET status = 'sending', started_at = now(), updated_at = now(), sent_by = ${actor.id}, sender_email = ${actor.email}
       WHERE client_id = ${clientId} AND id = ${input._id} AND status = 'draft' RETURNING list_id`);
    if (!claimed.rows[0]) throw conflict('campaigns', messages.crm.campaignAlreadySent);
    await tx.execute(sql`
      INSERT INTO campaign_recipients (client_id, campaign_id, candidate_id, email, status, reason)
      SELECT client_id, ${input._id}, candidate_id, email, CASE WHEN reason IS NULL THEN 'pending' ELSE 'skipped' END, reason
        FROM (
          SELECT m.client_id, m.candidate_id, lower(btrim(c.email)) AS email,
                 coalesce(${skipReasonSql},
                          CASE WHEN row_number() OVER (PARTITION BY lower(btrim(c.email)), (${skipReasonSql}) IS NULL ORDER BY m.added_at, c.id) > 1
                               THEN 'duplicate' END) AS reason
            FROM candidate_list_members m JOIN candidates c ON c.client_id = m.client_id AND c.id = m.candidate_id ${unsubscribedJoin}
           WHERE m.client_id = ${clientId} AND m.list_id = ${claimed.rows[0].list_id}
        ) x`);
    const n = await tx.execute<{ pending: number; skipped: number }>(sql`
      SELECT count(*) FILTER (WHERE status = 'pending')::int AS pending, count(*) FILTER (WHERE status = 'skipped')::int AS skipped
        FROM campaign_recipients WHERE client_id = ${clientId} AND campaign_id = ${input._id}`);
    const { pending, skipped } = n.rows[0];
    // Nothing to send: the transaction rolls back, so the draft stays a draft.
    if (pending === 0) throw badRequest('campaigns', messages.crm.campaignNoRecipients);
    await tx.execute(sql`UPDATE campaigns SET total_count = ${pending}, skipped_count = ${skipped}, sent_count = 0
                          WHERE client_id = ${clientId} AND id = ${input._id}`);
    return pending;
  });
  await deps.queue.send(CAMPAIGN_SEND_QUEUE, { clientId: clientId, campaignId: input._id });
  const after = await loadCampaign(deps.db, clientId, input._id);
  return { ...after, message: messages.crm.campaignSent(total) };
};
