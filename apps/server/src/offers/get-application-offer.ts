import type { offersRoutes as r } from '@hh/contract/offers';
import { messages } from '@hh/contract/messages';
import { and, eq } from 'drizzle-orm';
import { requireClient } from '../auth/access.ts';
import type { Operation } from '../core/operation.ts';
import { applications } from '../db/schema/candidates.ts';
import { offers } from '../db/schema/offers.ts';
import { notFound } from '../lib/app-error.ts';
import { serializeOffer } from './load-offer.ts';
import { OFFER_READERS } from './rights.ts';

/** The application's offer, or `offer: null` when none is written yet (the panel then shows the form). */
export const getApplicationOffer: Operation<typeof r.ofApplication, 'db'> = async (deps, input) => {
  const client = await requireClient(deps, input.actor, input.clientId, OFFER_READERS, 'offers');
  const [app] = await deps.db
    .select({ id: applications.id })
    .from(applications)
    .where(and(eq(applications.clientId, client.id), eq(applications.id, input.id)))
    .limit(1);
  if (!app) throw notFound('offers', messages.offers.applicationNotFound);
  const [row] = await deps.db
    .select()
    .from(offers)
    .where(and(eq(offers.clientId, client.id), eq(offers.applicationId, app.id)))
    .limit(1);
  return { offer: row ? await serializeOffer(deps.db, row, input.actor.id) : null };
};
