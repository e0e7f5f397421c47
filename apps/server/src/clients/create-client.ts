import type { clientRoutes as r } from '@hh/contract/clients';
import { messages } from '@hh/contract/messages';
import { requireRight } from '../auth/access.ts';
import { diff, logActivity } from '../core/activity-log.ts';
import type { Operation } from '../core/operation.ts';
import { isUniqueViolation } from '../core/unique-violation.ts';
import { clients } from '../db/schema/core.ts';
import { conflict } from '../lib/app-error.ts';
import { assertSlugNotReserved, clientValues, redactChanges, requestFields } from './client-values.ts';
import { deriveFreeSlug, domainTaken, slugTaken } from './derive-slug.ts';
import { serializeClient } from './serialize-client.ts';

/**
 * Creates a client (docs/permissions.md: global admins and recruiters). The creator becomes
 * createdBy, so a recruiter sees the client at once. nameSlug is derived from the name when
 * absent (base, base-2, base-3, ...); an explicit slug that is taken is a 409, a reserved one a 400.
 */
export const createClient: Operation<typeof r.create, 'db'> = async (deps, call) => {
  const actor = requireRight(call.actor, 'staff', 'clients');
  const input = requestFields(call);
  if (input.nameSlug) assertSlugNotReserved(input.nameSlug);
  // A concurrent create may take the derived slug between our check and the insert: try again.
  for (let attempt = 0; ; attempt++) {
    try {
      const created = await deps.db.transaction(async (tx) => {
        const nameSlug = input.nameSlug ?? (await deriveFreeSlug(tx, input.name));
        if (input.nameSlug && (await slugTaken(tx, nameSlug))) throw conflict('clients', messages.server.slugTaken(nameSlug));
        if (input.domainURL && (await domainTaken(tx, input.domainURL))) throw conflict('clients', messages.server.domainTaken(input.domainURL));
        const [row] = await tx
          .insert(clients)
          .values({
            subscriptions: { cultivate: false, harvest: false, harvestPlus: false, wave: false, motivator: false, media: false },
            ...clientValues(input),
            name: input.name,
            nameSlug,
            createdBy: actor.id,
          })
          .returning();
        await logActivity(tx, {
          actor,
          clientId: row.id,
          action: 'create',
          entity: 'client',
          entityId: row.id,
          changes: redactChanges(diff({}, { ...input, nameSlug })),
        });
        return row;
      });
      return serializeClient(created);
    } catch (err) {
      if (isUniqueViolation(err, 'clients_name_slug_key')) {
        if (!input.nameSlug && attempt < 5) continue;
        throw conflict('clients', messages.server.slugTaken(input.nameSlug ?? input.name));
      }
      if (isUniqueViolation(err, 'clients_domain_url_key')) throw conflict('clients', messages.server.domainTaken(input.domainURL ?? ''));
      throw err;
    }
  }
};
