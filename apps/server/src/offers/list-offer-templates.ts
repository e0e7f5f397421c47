import type { offersRoutes as r } from '@hh/contract/offers';
import { asc, eq } from 'drizzle-orm';
import { requireClient } from '../auth/access.ts';
import type { Operation } from '../core/operation.ts';
import { offerTemplates } from '../db/schema/offers.ts';
import { serializeTemplate } from './offer-template-checks.ts';
import { OFFER_READERS } from './rights.ts';

export const listOfferTemplates: Operation<typeof r.templates, 'db'> = async (deps, input) => {
  const client = await requireClient(deps, input.actor, input.clientId, OFFER_READERS, 'offers');
  const rows = await deps.db.select().from(offerTemplates).where(eq(offerTemplates.clientId, client.id)).orderBy(asc(offerTemplates.name));
  return { results: rows.map(serializeTemplate) };
};
