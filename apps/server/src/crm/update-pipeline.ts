import type { crmRoutes as r } from '@hh/contract/crm';
import { messages } from '@hh/contract/messages';
import { sql } from 'drizzle-orm';
import { requireClient, requireRight } from '../auth/access.ts';
import type { Operation } from '../core/operation.ts';
import { badRequest } from '../lib/app-error.ts';
import { getStatuses } from './pipeline.ts';
import { CANDIDATE_EDITORS, CANDIDATE_READERS } from './rights.ts';

/**
 * Renames and reorders the client's pipeline. A renamed status (`from`) carries its candidates with
 * it; a status dropped while candidates still hold it is refused, so no candidate is left outside.
 */
export const updatePipeline: Operation<typeof r.updatePipeline, 'db'> = async (deps, input) => {
  const clientId = (await requireClient(deps, input.actor, input.clientId, CANDIDATE_READERS, 'candidates')).id;
  requireRight(input.actor, CANDIDATE_EDITORS, 'candidates');
  const statuses = input.statuses;
  const names = statuses.map((s) => s.name);
  if (new Set(names.map((n) => n.toLowerCase())).size !== names.length) throw badRequest('statuses', 'Each status must have a different name');
  return deps.db.transaction(async (tx) => {
    const current = await getStatuses(tx, clientId);
    for (const s of statuses)
      if (s.from && s.from !== s.name) {
        if (!current.includes(s.from)) throw badRequest('statuses', messages.crm.statusUnknown(s.from));
        await tx.execute(sql`UPDATE candidates SET status = ${s.name}, updated_at = now() WHERE client_id = ${clientId} AND status = ${s.from}`);
      }
    const r = await tx.execute<{ status: string }>(
      sql`SELECT DISTINCT status FROM candidates WHERE client_id = ${clientId} AND merged_into IS NULL AND NOT (status = ANY(${`{${names.map((n) => `"${n.replace(/["\\]/g, '\\$&')}"`).join(',')}}`}::text[])) LIMIT 1`,
    );
    if (r.rows[0]) throw badRequest('statuses', `Candidates still have the status "${r.rows[0].status}": move them or rename it`);
    await tx.execute(sql`INSERT INTO crm_settings (client_id, statuses) VALUES (${clientId}, ${`{${names.map((n) => `"${n.replace(/["\\]/g, '\\$&')}"`).join(',')}}`}::text[])
      ON CONFLICT (client_id) DO UPDATE SET statuses = EXCLUDED.statuses, updated_at = EXCLUDED.updated_at`);
    return { clientId, statuses: names, message: messages.crm.statusesSaved };
  });
};
