import type { UpdateClientRequest } from '@hh/contract/clients';
import { messages } from '@hh/contract/messages';
import { eq } from 'drizzle-orm';
import { diff, logActivity } from '../core/activity-log.ts';
import { type ClientRow, loadAccessibleClient, requireStaffManager } from '../auth/access.ts';
import type { Actor } from '../auth/actor.ts';
import type { Db } from '../db/client.ts';
import { clients } from '../db/schema/core.ts';
import { conflict } from '../lib/app-error.ts';
import { evictClient } from '../plugins/session-cache.ts';
import { assertSlugNotReserved, clientValues, redactChanges } from './client-values.ts';
import { domainTaken, slugTaken } from './derive-slug.ts';
import { isUniqueViolation } from '../core/unique-violation.ts';
import { serializeClient } from './serialize-client.ts';

/**
 * Updates a client. Admins, and recruiters on clients they created or manage; client staff may
 * read their client but not change it (403). Another tenant's id is a 404.
 */
export async function updateClient(opts: { db: Db; actor: Actor; clientId: string; input: Omit<UpdateClientRequest, '_id'> }): Promise<ClientRow> {
  const { db, actor, clientId, input } = opts;
  try {
    const updated = await db.transaction(async (tx) => {
      const before = await loadAccessibleClient(tx, actor, clientId);
      requireStaffManager(actor, 'clients');
      if (input.nameSlug !== undefined && input.nameSlug.toLowerCase() !== before.nameSlug.toLowerCase()) {
        assertSlugNotReserved(input.nameSlug);
        if (await slugTaken(tx, input.nameSlug, clientId)) throw conflict('clients', messages.server.slugTaken(input.nameSlug));
      }
      if (input.domainURL && (await domainTaken(tx, input.domainURL, clientId))) throw conflict('clients', messages.server.domainTaken(input.domainURL));
      const [row] = await tx
        .update(clients)
        .set({ ...clientValues(input), updatedAt: new Date() })
        .where(eq(clients.id, clientId))
        .returning();
      const changes = diff(serializeClient(before), serializeClient(row));
      if (input.candidateAPIKey !== undefined && input.candidateAPIKey !== before.candidateAPIKey) changes.candidateAPIKey = '[changed]';
      await logActivity(tx, { actor, clientId, action: 'update', entity: 'client', entityId: clientId, changes: redactChanges(changes) });
      return row;
    });
    evictClient(db, clientId); // committed: this process's cached row goes at once (others on the notification)
    return updated;
  } catch (err) {
    if (isUniqueViolation(err, 'clients_name_slug_key')) throw conflict('clients', messages.server.slugTaken(input.nameSlug ?? ''));
    if (isUniqueViolation(err, 'clients_domain_url_key')) throw conflict('clients', messages.server.domainTaken(input.domainURL ?? ''));
    throw err;
  }
}
