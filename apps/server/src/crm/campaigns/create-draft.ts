import type { Actor } from '../../auth/actor.ts';
import type { Deps } from '../../core/deps.ts';
import { campaigns } from '../../db/schema/candidates.ts';
import { getCandidateList } from '../lists/index.ts';
import { sanitizeCampaignBody } from './sanitize-body.ts';

/**
 * `POST api/candidates-list/campaigndraft`: a draft campaign to a saved list, opened in our own
 * editor (/harvest/cultivate/campaigns). The reply's `campaignDraftUrl` opens it (001 §7).
 */
export async function createCampaignDraft(
  deps: Pick<Deps, 'db' | 'config'>,
  actor: Actor,
  input: { clientId: string; listId: string; name?: string; subject?: string; body?: string },
) {
  const list = await getCandidateList(deps.db, input.clientId, input.listId);
  const [row] = await deps.db
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
  return { _id: row.id, campaignDraftUrl: `${deps.config.publicUrl}/harvest/cultivate/campaigns?draft=${row.id}` };
}
