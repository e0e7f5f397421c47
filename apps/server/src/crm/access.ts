import { messages } from '@hh/contract/messages';
import type { FastifyRequest } from 'fastify';
import { type ClientRow, hasProductRight, loadAccessibleClient } from '../auth/access.ts';
import type { Actor } from '../auth/actor.ts';
import type { DbOrTx } from '../db/client.ts';
import { badRequest, forbidden } from '../lib/app-error.ts';

/**
 * Rights to candidates (docs/permissions.md, "Candidates"): admins and recruiters on the clients they
 * access now; client staff of the client with `userTypeHarvest` or `userTypeCultivate` member or
 * above (the candidate area lives under harvest, requisitions under cultivate).
 */
export function hasCandidateRight(actor: Actor): boolean {
  return hasProductRight(actor, 'harvest', 'member') || hasProductRight(actor, 'cultivate', 'member');
}

/** The client, if the actor may see it (else 404) and work with its candidates (else 403). */
export async function loadCandidateClient(db: DbOrTx, actor: Actor, clientId: string, key = 'candidates'): Promise<ClientRow> {
  const client = await loadAccessibleClient(db, actor, clientId, key);
  if (!hasCandidateRight(actor)) throw forbidden(key, messages.server.forbidden);
  return client;
}

/**
 * Calls whose spec payload is "none" (`GET /api/crm/candidates-tags/{id}` …) name the client by
 * `clientId` in the query or by the selected client (X-Client-Id). The header only selects: rights
 * are checked on it like on any id (decision 0012).
 */
export function selectedClientId(req: FastifyRequest, queryClientId?: string): string {
  const h = req.headers['x-client-id'];
  const id = queryClientId ?? (typeof h === 'string' ? h.trim() : undefined);
  if (!id || !/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id)) throw badRequest('clientId', messages.server.invalidId);
  return id;
}

/** Changing the client's shared CRM settings (the pipeline): staff need editor or above in harvest or cultivate. */
export function requireCandidateEditor(actor: Actor, key = 'candidates'): void {
  if (!hasProductRight(actor, 'harvest', 'editor') && !hasProductRight(actor, 'cultivate', 'editor')) throw forbidden(key, messages.server.forbidden);
}

/**
 * Sending a campaign to a whole list: mail in the client's name to many people at once, which cannot
 * be called back, like publishing the career site. Staff need admin in harvest or cultivate; members
 * and editors write drafts and send themselves a test (docs/permissions.md "Candidates").
 */
export function requireCandidateAdmin(actor: Actor, key = 'candidates'): void {
  if (!hasProductRight(actor, 'harvest', 'admin') && !hasProductRight(actor, 'cultivate', 'admin')) throw forbidden(key, messages.server.forbidden);
}
