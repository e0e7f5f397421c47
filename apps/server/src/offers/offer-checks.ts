import type { SaveOfferRequest } from '@hh/contract/offers';
import { messages } from '@hh/contract/messages';
import { and, eq } from 'drizzle-orm';
import type { ClientRow } from '../auth/access.ts';
import type { DbOrTx } from '../db/client.ts';
import { applications } from '../db/schema/candidates.ts';
import { offerApprovals } from '../db/schema/offers.ts';
import { badRequest, notFound } from '../lib/app-error.ts';
import { hiringTeam } from './approvers.ts';
import { loadTemplate } from './offer-template-checks.ts';

/**
 * What an offer's form must hold before anything is written: an application of this client, a
 * template of this client, an expiry in the future and a chain of distinct members of the client's
 * hiring team. Returns the application and the template's letter to copy onto the offer.
 */
export async function checkOfferInput(tx: DbOrTx, client: ClientRow, input: Omit<SaveOfferRequest, 'clientId'>) {
  const [app] = await tx
    .select({ id: applications.id, candidateId: applications.candidateId, jobId: applications.jobId })
    .from(applications)
    .where(and(eq(applications.clientId, client.id), eq(applications.id, input.applicationId)))
    .limit(1);
  if (!app) throw notFound('applicationId', messages.offers.applicationNotFound);
  const template = await loadTemplate(tx, client.id, input.templateId, 'templateId');
  if (new Date(input.expiresAt).getTime() <= Date.now()) throw badRequest('expiresAt', messages.offers.expiryPast);
  if (new Set(input.approverUserIds).size !== input.approverUserIds.length) throw badRequest('approverUserIds', messages.offers.approverTwice);
  const team = await hiringTeam(tx, client, input.approverUserIds);
  if (team.length !== input.approverUserIds.length) throw badRequest('approverUserIds', messages.offers.approverNotMember);
  return { app, template };
}

/** The chain as given, in order, none approved yet. */
export async function writeChain(tx: DbOrTx, clientId: string, offerId: string, approverUserIds: string[]) {
  await tx.delete(offerApprovals).where(and(eq(offerApprovals.clientId, clientId), eq(offerApprovals.offerId, offerId)));
  await tx.insert(offerApprovals).values(approverUserIds.map((userId, i) => ({ clientId, offerId, position: i + 1, userId })));
}
