import type { offersRoutes as r } from '@hh/contract/offers';
import { messages } from '@hh/contract/messages';
import { requireClient } from '../auth/access.ts';
import { logActivity } from '../core/activity-log.ts';
import type { Operation } from '../core/operation.ts';
import { isUniqueViolation } from '../core/unique-violation.ts';
import { offerTemplates } from '../db/schema/offers.ts';
import { conflict } from '../lib/app-error.ts';
import { assertTemplateNameFree, cleanLetter, serializeTemplate } from './offer-template-checks.ts';
import { OFFER_WRITERS } from './rights.ts';

export const createOfferTemplate: Operation<typeof r.createTemplate, 'db'> = async (deps, input) => {
  const client = await requireClient(deps, input.actor, input.clientId, OFFER_WRITERS, 'offers');
  const body = cleanLetter(input.body);
  try {
    return await deps.db.transaction(async (tx) => {
      await assertTemplateNameFree(tx, client.id, input.name);
      const [t] = await tx.insert(offerTemplates).values({ clientId: client.id, name: input.name, body, createdBy: input.actor.id }).returning();
      await logActivity(tx, { actor: input.actor, clientId: client.id, action: 'create', entity: 'offer-template', entityId: t.id, changes: { name: t.name } });
      return { ...serializeTemplate(t), message: messages.offers.templateSaved };
    });
  } catch (err) {
    // Two saves of the same name at once: the unique index decides, the loser gets the same 409.
    if (isUniqueViolation(err, 'offer_templates_name_key')) throw conflict('name', messages.offers.templateNameTaken(input.name));
    throw err;
  }
};
