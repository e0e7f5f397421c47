import type { crmRoutes as r } from '@hh/contract/crm';
import { messages } from '@hh/contract/messages';
import { and, eq } from 'drizzle-orm';
import { requireClient } from '../../auth/access.ts';
import type { Operation } from '../../core/operation.ts';
import { campaigns } from '../../db/schema/candidates.ts';
import { conflict, notFound } from '../../lib/app-error.ts';
import { CANDIDATE_READERS } from '../rights.ts';
import { loadCampaign } from './campaigns.ts';
import { checkMergeFields } from './merge-fields.ts';
import { sanitizeCampaignBody } from './sanitize-body.ts';

/** `PATCH api/campaigns/update`: a draft's name, subject and body (sanitised HTML). A sent campaign is kept as sent. */
export const updateCampaign: Operation<typeof r.updateCampaign, 'db'> = async (deps, input) => {
  const clientId = (await requireClient(deps, input.actor, input.clientId, CANDIDATE_READERS, 'campaigns')).id;
  const db = deps.db;
  if (input.subject !== undefined) checkMergeFields('subject', input.subject);
  const body = input.body === undefined ? undefined : sanitizeCampaignBody(input.body);
  if (body !== undefined) checkMergeFields('body', body);
  const [current] = await db
    .select({ status: campaigns.status })
    .from(campaigns)
    .where(and(eq(campaigns.clientId, clientId), eq(campaigns.id, input._id)))
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
    .where(and(eq(campaigns.clientId, clientId), eq(campaigns.id, input._id), eq(campaigns.status, 'draft')));
  return { ...(await loadCampaign(db, clientId, input._id)), message: messages.crm.campaignSaved };
};
