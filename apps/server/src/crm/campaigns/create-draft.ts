import type { crmRoutes as r } from '@hh/contract/crm';
import { messages } from '@hh/contract/messages';
import { requireClient } from '../../auth/access.ts';
import type { Operation } from '../../core/operation.ts';
import { campaigns } from '../../db/schema/candidates.ts';
import { AppError } from '../../lib/app-error.ts';
import { getCandidateList } from '../lists/index.ts';
import { CANDIDATE_READERS } from '../rights.ts';
import { sanitizeCampaignBody } from './sanitize-body.ts';

/**
 * `POST api/candidates-list/campaigndraft`: a draft campaign to a saved list, opened in our own
 * editor (/harvest/cultivate/campaigns). The reply's `campaignDraftUrl` opens it (001 §7). A list
 * not found is answered with the spec's campaign draft error.
 */
export const createCampaignDraft: Operation<typeof r.createCampaignDraft, 'db' | 'config'> = async (deps, input) => {
  const clientId = (await requireClient(deps, input.actor, input.clientId, CANDIDATE_READERS, 'campaignDraft')).id;
  const list = await getCandidateList(deps.db, clientId, input.listId).catch((err) => {
    throw err instanceof AppError && err.status === 404 ? new AppError(404, 'campaignDraft', messages.recruiting.campaignDraftError) : err;
  });
  const [row] = await deps.db
    .insert(campaigns)
    .values({
      clientId,
      listId: list._id,
      name: input.name || `Campaign to ${list.name}`,
      subject: input.subject ?? '',
      body: sanitizeCampaignBody(input.body ?? '<p>Hello {{firstName}},</p><p></p>'),
      createdBy: input.actor.id,
    })
    .returning();
  return { _id: row.id, campaignDraftUrl: `${deps.config.publicUrl}/harvest/cultivate/campaigns?draft=${row.id}` };
};
