import { messages } from '@hh/contract/messages';
import type { Alert } from '@hh/contract/crm';
import type { z } from 'zod';
import type { createAlertRequest, updateAlertRequest } from '@hh/contract/crm';
import { and, desc, eq } from 'drizzle-orm';
import type { Actor } from '../../auth/actor.ts';
import type { Db } from '../../db/client.ts';
import { candidateAlerts } from '../../db/schema/candidates.ts';
import { notFound } from '../../lib/app-error.ts';
import { recordCandidateEvent } from '../events.ts';
import { loadCandidateRow } from '../get-candidate.ts';

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
export async function listAlerts(db: Db, clientId: string, id: string) {
  const where = id === clientId ? eq(candidateAlerts.clientId, clientId) : and(eq(candidateAlerts.clientId, clientId), eq(candidateAlerts.candidateId, id));
  if (id !== clientId) await loadCandidateRow(db, clientId, id, 'alerts');
  const rows = await db.select().from(candidateAlerts).where(where).orderBy(desc(candidateAlerts.createdAt)).limit(500);
  return rows.map(serializeAlert);
}

export async function createAlert(db: Db, actor: Actor, input: z.infer<typeof createAlertRequest>) {
  if (input.candidateId) await loadCandidateRow(db, input.clientId, input.candidateId, 'alerts');
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(candidateAlerts)
      .values({
        clientId: input.clientId,
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
      await recordCandidateEvent(tx, {
        clientId: row.clientId,
        candidateId: row.candidateId,
        actor,
        type: 'alert',
        data: { name: row.name, action: 'created' },
      });
    return serializeAlert(row);
  });
}

export async function updateAlert(db: Db, actor: Actor, input: z.infer<typeof updateAlertRequest>) {
  const { _id, clientId, ...rest } = input;
  const set = Object.fromEntries(Object.entries(rest).filter(([, v]) => v !== undefined));
  const [row] = await db
    .update(candidateAlerts)
    .set({ ...set, updatedAt: new Date() })
    .where(and(eq(candidateAlerts.clientId, clientId), eq(candidateAlerts.id, _id)))
    .returning();
  if (!row) throw notFound('alerts', messages.crm.alertNotFound);
  if (row.candidateId)
    await recordCandidateEvent(db, { clientId, candidateId: row.candidateId, actor, type: 'alert', data: { name: row.name, action: 'updated' } });
  return serializeAlert(row);
}
