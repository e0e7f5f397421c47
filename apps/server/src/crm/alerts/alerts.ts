import type { Alert, crmRoutes as r } from '@hh/contract/crm';
import { messages } from '@hh/contract/messages';
import { and, desc, eq } from 'drizzle-orm';
import { requireClient } from '../../auth/access.ts';
import type { Operation } from '../../core/operation.ts';
import { candidateAlerts } from '../../db/schema/candidates.ts';
import { notFound } from '../../lib/app-error.ts';
import { recordCandidateEvent } from '../events.ts';
import { loadCandidateRow } from '../get-candidate.ts';
import { resolveAlertScope } from '../resolve-scope.ts';
import { CANDIDATE_READERS } from '../rights.ts';

type AlertRow = typeof candidateAlerts.$inferSelect;

export const serializeAlert = (r: AlertRow): Alert => ({
  _id: r.id,
  clientId: r.clientId,
  candidateId: r.candidateId,
  name: r.name,
  searchQuery: r.searchQuery,
  filters: r.filters as Alert['filters'],
  frequency: r.frequency as Alert['frequency'],
  email: r.email,
  active: r.active,
  lastRunAt: r.lastRunAt.toISOString(),
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
});

/**
 * `GET /api/candidates/alerts/{id}`: `{id}` is a candidate (that candidate's alerts) or the client
 * itself (every alert of the client, for /crm-alerts-setup) — decision 0012.
 */
export const listAlerts: Operation<typeof r.listAlerts, 'db'> = async (deps, input) => {
  const db = deps.db;
  const id = input.id;
  const clientId = await resolveAlertScope(db, input.actor, id, input.clientId);
  const where = id === clientId ? eq(candidateAlerts.clientId, clientId) : and(eq(candidateAlerts.clientId, clientId), eq(candidateAlerts.candidateId, id));
  if (id !== clientId) await loadCandidateRow(db, clientId, id, 'alerts');
  const rows = await db.select().from(candidateAlerts).where(where).orderBy(desc(candidateAlerts.createdAt)).limit(500);
  const results = rows.map(serializeAlert);
  return { results, totalCount: results.length };
};

export const createAlert: Operation<typeof r.createAlert, 'db'> = async (deps, input) => {
  const clientId = (await requireClient(deps, input.actor, input.clientId, CANDIDATE_READERS, 'alerts')).id;
  const actor = input.actor;
  if (input.candidateId) await loadCandidateRow(deps.db, clientId, input.candidateId, 'alerts');
  const alert = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(candidateAlerts)
      .values({
        clientId,
        candidateId: input.candidateId ?? null,
        name: input.name,
        searchQuery: input.searchQuery,
        filters: input.filters,
        frequency: input.frequency,
        email: input.email ?? actor.email,
        active: input.active,
        createdBy: actor.id,
      })
      .returning();
    if (row.candidateId)
      await recordCandidateEvent(
        { db: tx },
        {
          clientId: row.clientId,
          candidateId: row.candidateId,
          actor,
          type: 'alert',
          data: { name: row.name, action: 'created' },
        },
      );
    return serializeAlert(row);
  });
  return { ...alert, message: messages.recruiting.alertCreated };
};

export const updateAlert: Operation<typeof r.updateAlert, 'db'> = async (deps, input) => {
  const clientId = (await requireClient(deps, input.actor, input.clientId, CANDIDATE_READERS, 'alerts')).id;
  const { actor, _id, name, searchQuery, filters, frequency, email, active } = input;
  const set = Object.fromEntries(Object.entries({ name, searchQuery, filters, frequency, email, active }).filter(([, v]) => v !== undefined));
  const [row] = await deps.db
    .update(candidateAlerts)
    .set({ ...set, updatedAt: new Date() })
    .where(and(eq(candidateAlerts.clientId, clientId), eq(candidateAlerts.id, _id)))
    .returning();
  if (!row) throw notFound('alerts', messages.crm.alertNotFound);
  if (row.candidateId)
    await recordCandidateEvent({ db: deps.db }, { clientId, candidateId: row.candidateId, actor, type: 'alert', data: { name: row.name, action: 'updated' } });
  return { ...serializeAlert(row), message: messages.recruiting.alertUpdated };
};
