import type { offersRoutes as r } from '@hh/contract/offers';
import { messages } from '@hh/contract/messages';
import { and, eq } from 'drizzle-orm';
import { requireClient } from '../auth/access.ts';
import { logActivity } from '../core/activity-log.ts';
import type { Operation } from '../core/operation.ts';
import { offerTemplates } from '../db/schema/offers.ts';
import { loadTemplate } from './offer-template-checks.ts';
import { OFFER_WRITERS } from './rights.ts';

export const deleteOfferTemplate: Operation<typeof r.removeTemplate, 'db'> = async (deps, input) => {
  const client = await requireClient(deps, input.actor, input.clientId, OFFER_WRITERS, 'offers');
  return deps.db.transaction(async (tx) => {
    const t = await loadTemplate(tx, client.id, input.id);
    await tx.delete(offerTemplates).where(and(eq(offerTemplates.clientId, client.id), eq(offerTemplates.id, t.id)));
    await logActivity(tx, { actor: input.actor, clientId: client.id, action: 'delete', entity: 'offer-template', entityId: t.id, changes: { name: t.name } });
    return { message: messages.offers.templateDeleted };
  });
};
