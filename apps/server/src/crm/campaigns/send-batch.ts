import { and, eq, sql } from 'drizzle-orm';
import type { Deps } from '../../core/deps.ts';
import { campaignRecipients, campaigns } from '../../db/schema/candidates.ts';
import { loadBranding } from '../../mail/index.ts';
import { recordCandidateEvent } from '../events.ts';
import { skipReasonSql, unsubscribedJoin } from './campaigns.ts';
import { renderCampaign } from './render-campaign.ts';

export const CAMPAIGN_SEND_QUEUE = 'crm-campaign-send';
const BATCH = 50;

/**
 * The queue job of a campaign send: one mail per 'pending' recipient, each claimed in the
 * transaction that writes its outbox row (so a retry or a second worker never mails anyone twice,
 * and a restart carries on with the rows still pending). Who unsubscribed or was anonymised since
 * the send started is skipped here too. When no row is pending the campaign is 'sent'.
 */
export async function sendCampaignBatch(deps: Pick<Deps, 'db' | 'mail' | 'config'>, d: { clientId: string; campaignId: string }) {
  const [c] = await deps.db
    .select()
    .from(campaigns)
    .where(and(eq(campaigns.clientId, d.clientId), eq(campaigns.id, d.campaignId)))
    .limit(1);
  if (c?.status !== 'sending') return;
  const branding = await loadBranding(deps, { clientId: d.clientId, publicUrl: deps.config.publicUrl });
  for (;;) {
    const batch = await deps.db.execute<{
      candidate_id: string;
      first_name: string;
      last_name: string;
      email: string;
      city: string | null;
      job_title: string | null;
      reason: string | null;
    }>(sql`
      SELECT c.id AS candidate_id, c.first_name, c.last_name, c.email, c.city, ${skipReasonSql} AS reason,
             (SELECT j.title FROM applications a JOIN jobs j ON j.client_id = a.client_id AND j.id = a.job_id
               WHERE a.client_id = c.client_id AND a.candidate_id = c.id ORDER BY a.created_at DESC LIMIT 1) AS job_title
        FROM campaign_recipients r JOIN candidates c ON c.client_id = r.client_id AND c.id = r.candidate_id ${unsubscribedJoin}
       WHERE r.client_id = ${d.clientId} AND r.campaign_id = ${d.campaignId} AND r.status = 'pending'
       ORDER BY r.candidate_id LIMIT ${BATCH}`);
    if (!batch.rows.length) break;
    for (const r of batch.rows) {
      const mail = r.reason
        ? null
        : await renderCampaign(deps, {
            clientId: d.clientId,
            campaignId: d.campaignId,
            subject: c.subject,
            body: c.body,
            recipient: { firstName: r.first_name, lastName: r.last_name, email: r.email, city: r.city, jobTitle: r.job_title },
            branding,
            unsubscribeFor: r.email,
          });
      const outboxId = await deps.db.transaction(async (tx) => {
        const [claimed] = await tx
          .update(campaignRecipients)
          .set({ status: mail ? 'sent' : 'skipped', reason: r.reason, sentAt: mail ? new Date() : null })
          .where(
            and(
              eq(campaignRecipients.clientId, d.clientId),
              eq(campaignRecipients.campaignId, d.campaignId),
              eq(campaignRecipients.candidateId, r.candidate_id),
              eq(campaignRecipients.status, 'pending'),
            ),
          )
          .returning();
        if (!claimed) return null;
        if (!mail) {
          await tx.execute(sql`UPDATE campaigns SET skipped_count = skipped_count + 1, total_count = total_count - 1
                                WHERE client_id = ${d.clientId} AND id = ${d.campaignId}`);
          return null;
        }
        const id = await deps.mail.send({ to: r.email, clientId: d.clientId, ...mail }, tx);
        await tx.execute(sql`UPDATE campaign_recipients SET outbox_id = ${id}
                              WHERE client_id = ${d.clientId} AND campaign_id = ${d.campaignId} AND candidate_id = ${r.candidate_id}`);
        await tx.execute(sql`UPDATE campaigns SET sent_count = sent_count + 1 WHERE client_id = ${d.clientId} AND id = ${d.campaignId}`);
        await recordCandidateEvent(
          { db: tx },
          {
            clientId: d.clientId,
            candidateId: r.candidate_id,
            actor: c.sentBy && c.senderEmail ? { id: c.sentBy, email: c.senderEmail } : null,
            type: 'campaign',
            data: { campaignId: d.campaignId, name: c.name, subject: mail.subject, outboxId: id },
          },
        );
        return id;
      });
      if (outboxId) await deps.mail.deliver(outboxId);
    }
  }
  await deps.db.execute(sql`
    UPDATE campaigns SET status = 'sent', sent_at = now(), updated_at = now()
     WHERE client_id = ${d.clientId} AND id = ${d.campaignId} AND status = 'sending'
       AND NOT EXISTS (SELECT 1 FROM campaign_recipients r WHERE r.client_id = ${d.clientId} AND r.campaign_id = ${d.campaignId} AND r.status = 'pending')`);
}
