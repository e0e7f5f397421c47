import { messages } from '@hh/contract/messages';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { campaigns } from '../../db/schema/candidates.ts';
import { conflict, notFound } from '../../lib/app-error.ts';
import { getCampaign } from './campaigns.ts';
import { checkMergeFields } from './merge-fields.ts';
import { sanitizeCampaignBody } from './sanitize-body.ts';

/** `PATCH api/campaigns/update`: a draft's name, subject and body (sanitised HTML). A sent campaign is kept as sent. */
export async function updateCampaign(db: Db, input: { _id: string; clientId: string; name?: string; subject?: string; body?: string }) {
  if (input.subject !== undefined) checkMergeFields('subject', input.subject);
  const body = input.body === undefined ? undefined : sanitizeCampaignBody(input.body);
  if (body !== undefined) checkMergeFields('body', body);
  const [current] = await db
    .select({ status: campaigns.status })
    .from(campaigns)
    .where(and(eq(campaigns.clientId, input.clientId), eq(campaigns.id, input._id)))
    .limit(1);
  if (!current) throw notFound('campaigns', messages.crm.campaignNotFound);
  if (current.status !== 'draft') throw conflict('campaigns', messages.crm.campaignAlreadySent);
  await db
    .update(campaigns)
    .set({
      ...(input.name !== undefined ? { name: input.name } : {}),
      ...(input.subject !== undefined ? { subject: input.subject } : {}),
      ...(body !== undefined ? { body } : {}),
      updatedAt: new Date(),
    })
    .where(and(eq(campaigns.clientId, input.clientId), eq(campaigns.id, input._id), eq(campaigns.status, 'draft')));
  return getCampaign(db, input.clientId, input._id);
}
