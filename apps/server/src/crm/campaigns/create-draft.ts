import type { FastifyInstance } from 'fastify';
import type { Actor } from '../../auth/actor.ts';
import { campaigns } from '../../db/schema/candidates.ts';
import { getCandidateList } from '../lists/index.ts';
import { sanitizeCampaignBody } from './sanitize-body.ts';

/**
 * `POST api/candidates-list/campaigndraft`: a draft campaign to a saved list, opened in our own
 * editor (/harvest/cultivate/campaigns). The reply's `campaignDraftUrl` opens it (001 §7).
 */
export async function createCampaignDraft(
  app: FastifyInstance,
  actor: Actor,
  input: { clientId: string; listId: string; name?: string; subject?: string; body?: string },
) {
  const list = await getCandidateList(app.db, input.clientId, input.listId);
  const [row] = await app.db
    .insert(campaigns)
    .values({
      clientId: input.clientId,
      listId: list._id,
      name: input.name || `Campaign to ${list.name}`,
      subject: input.subject ?? '',
      body: sanitizeCampaignBody(input.body ?? '<p>Hello {{firstName}},</p><p></p>'),
      createdBy: actor.id,
    })
    .returning();
  return { _id: row.id, campaignDraftUrl: `${app.config.publicUrl}/harvest/cultivate/campaigns?draft=${row.id}` };
}
