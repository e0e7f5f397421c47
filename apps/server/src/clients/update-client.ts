import type { clientRoutes as r } from '@hh/contract/clients';
import { messages } from '@hh/contract/messages';
import { eq } from 'drizzle-orm';
import { requireClient } from '../auth/access.ts';
import { diff, logActivity } from '../core/activity-log.ts';
import type { Operation } from '../core/operation.ts';
import { isUniqueViolation } from '../core/unique-violation.ts';
import { clients } from '../db/schema/core.ts';
import { conflict } from '../lib/app-error.ts';
import { evictClient } from '../plugins/session-cache.ts';
import { assertSlugNotReserved, clientValues, redactChanges, requestFields } from './client-values.ts';
import { domainTaken, slugTaken } from './derive-slug.ts';
import { serializeClient } from './serialize-client.ts';

/**
 * Updates a client. Admins, and recruiters on clients they created or manage; client staff may
 * read their client but not change it (403). Another tenant's id is a 404. The client is the
 * body's `_id` (the portal's selected client does not choose it).
 */
export const updateClient: Operation<typeof r.update, 'db'> = async (deps, call) => {
  const { actor } = call;
  const { _id: clientId, ...input } = requestFields(call);
  try {
    const updated = await deps.db.transaction(async (tx) => {
      const before = await requireClient({ db: tx }, actor, clientId, 'staff', 'clients');
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
    evictClient(deps.db, clientId); // committed: this process's cached row goes at once (others on the notification)
    return serializeClient(updated);
  } catch (err) {
    if (isUniqueViolation(err, 'clients_name_slug_key')) throw conflict('clients', messages.server.slugTaken(input.nameSlug ?? ''));
    if (isUniqueViolation(err, 'clients_domain_url_key')) throw conflict('clients', messages.server.domainTaken(input.domainURL ?? ''));
    throw err;
  }
};
