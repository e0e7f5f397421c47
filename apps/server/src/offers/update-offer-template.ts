import type { offersRoutes as r } from '@hh/contract/offers';
import { messages } from '@hh/contract/messages';
import { and, eq } from 'drizzle-orm';
import { requireClient } from '../auth/access.ts';
import { logActivity } from '../core/activity-log.ts';
import type { Operation } from '../core/operation.ts';
import { isUniqueViolation } from '../core/unique-violation.ts';
import { offerTemplates } from '../db/schema/offers.ts';
import { conflict } from '../lib/app-error.ts';
import { assertTemplateNameFree, cleanLetter, loadTemplate, serializeTemplate } from './offer-template-checks.ts';
import { OFFER_WRITERS } from './rights.ts';

/** Changing a template changes no offer already written: each offer keeps the letter it was approved with. */
export const updateOfferTemplate: Operation<typeof r.updateTemplate, 'db'> = async (deps, input) => {
  const client = await requireClient(deps, input.actor, input.clientId, OFFER_WRITERS, 'offers');
  const body = cleanLetter(input.body);
  try {
    return await deps.db.transaction(async (tx) => {
      const before = await loadTemplate(tx, client.id, input.id);
      await assertTemplateNameFree(tx, client.id, input.name, before.id);
      const [t] = await tx
        .update(offerTemplates)
        .set({ name: input.name, body, updatedAt: new Date() })
        .where(and(eq(offerTemplates.clientId, client.id), eq(offerTemplates.id, before.id)))
        .returning();
      await logActivity(tx, { actor: input.actor, clientId: client.id, action: 'update', entity: 'offer-template', entityId: t.id, changes: { name: t.name } });
      return { ...serializeTemplate(t), message: messages.offers.templateSaved };
    });
  } catch (err) {
    if (isUniqueViolation(err, 'offer_templates_name_key')) throw conflict('name', messages.offers.templateNameTaken(input.name));
    throw err;
  }
};
