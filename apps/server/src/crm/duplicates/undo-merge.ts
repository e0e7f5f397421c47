import type { duplicateRoutes as r } from '@hh/contract/crm';
import { messages } from '@hh/contract/messages';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { requireClient, requireRight } from '../../auth/access.ts';
import type { Operation } from '../../core/operation.ts';
import { applications, candidateEvents, candidates } from '../../db/schema/candidates.ts';
import { files } from '../../db/schema/core.ts';
import { candidateMerges } from '../../db/schema/crm-duplicates.ts';
import { conflict, notFound } from '../../lib/app-error.ts';
import { recordCandidateEvent } from '../events.ts';
import { CANDIDATE_EDITORS, CANDIDATE_READERS } from '../rights.ts';
import { hydrateCandidates, pgUuidArray } from '../serialize.ts';
import { type MergeUndo, serializeMerge, undoDeadline } from './merge-undo.ts';
import { restoreDependents } from './application-dependents.ts';

const d = (s: string) => new Date(s);

/**
 * Undoes a merge within 24 hours (MERGE_UNDO_HOURS: a wrong merge is caught the same day): every row the merge
 * moved goes back to the merged candidate, deleted twins are put back, both candidates get their
 * columns as they were, and the merge's timeline entry is replaced by an "unmerged" one on each.
 * Later than 24 hours, twice, once the survivor was itself merged away, or once either candidate
 * was erased, it is a 409.
 */
export const undoMerge: Operation<typeof r.undoMerge, 'db'> = async (deps, input) => {
  const { actor } = input;
  const clientId = (await requireClient(deps, actor, input.clientId, CANDIDATE_READERS, 'candidates')).id;
  // The same right as the merge itself (docs/permissions.md "Candidates").
  requireRight(actor, CANDIDATE_EDITORS, 'merge');
  const db = deps.db;
  const opts = { mergeId: input.id };
  const out = await db.transaction(async (tx) => {
    const [merge] = await tx
      .select()
      .from(candidateMerges)
      .where(and(eq(candidateMerges.clientId, clientId), eq(candidateMerges.id, opts.mergeId)))
      .for('update');
    if (!merge) throw notFound('merge', messages.crm.mergeNotFound);
    if (merge.undoneAt) throw conflict('merge', messages.crm.mergeAlreadyUndone);
    // The database's clock decides, like created_at did.
    const clock = await tx.execute<{ now: Date }>(sql`SELECT now() AS now`);
    if (new Date(clock.rows[0].now) > undoDeadline(merge.createdAt)) throw conflict('merge', messages.crm.mergeUndoExpired);
    const { survivorId, mergedId } = merge;
    const u = merge.undo as unknown as MergeUndo;

    const both = await tx
      .select()
      .from(candidates)
      .where(and(eq(candidates.clientId, clientId), inArray(candidates.id, [survivorId, mergedId])))
      .orderBy(candidates.id)
      .for('update');
    const s = both.find((r) => r.id === survivorId);
    const m = both.find((r) => r.id === mergedId);
    // An erasure is final: undoing a merge would give the erased person's phone, resume text and
    // skills back to the survivor (its snapshot is blanked on erasure too, erase-traces.ts).
    if (s?.anonymizedAt || m?.anonymizedAt || !u.survivorBefore || !u.mergedBefore) throw conflict('merge', messages.crm.mergeUndoErased);
    if (!s || !m || m.mergedInto !== survivorId) throw notFound('merge', messages.crm.candidateNotFound);
    if (s.mergedInto) throw conflict('merge', messages.crm.mergeSurvivorMerged);
    const taken = await tx.execute(
      sql`SELECT 1 FROM candidates WHERE client_id = ${clientId} AND lower(email) = lower(${u.mergedBefore.email}) AND id <> ${mergedId} LIMIT 1`,
    );
    if (taken.rows.length) throw conflict('merge', messages.crm.mergeUndoEmailTaken(u.mergedBefore.email));

    // Rows that moved go back by id (wherever a later change left them, they stay this tenant's).
    if (u.insertedFiles.length) await tx.delete(files).where(and(eq(files.clientId, clientId), inArray(files.id, u.insertedFiles)));
    const back = async (table: string, column: string, idColumn: string, values: string[]) => {
      if (!values.length) return;
      await tx.execute(
        sql`UPDATE ${sql.identifier(table)} SET ${sql.identifier(column)} = ${mergedId}
             WHERE client_id = ${clientId} AND ${sql.identifier(column)} = ${survivorId} AND ${sql.identifier(idColumn)} = ANY(${pgUuidArray(values)}::uuid[])`,
      );
    };
    await back('applications', 'candidate_id', 'id', u.applications);
    await back(
      'files',
      'owner_id',
      'id',
      u.files.filter((id) => !u.insertedFiles.includes(id)),
    );
    await back('candidate_events', 'candidate_id', 'id', u.events);
    await back('candidate_favorites', 'candidate_id', 'user_id', u.favorites);
    await back('candidate_list_members', 'candidate_id', 'list_id', u.listMembers);
    await back('candidate_follow_ups', 'candidate_id', 'id', u.followUps);
    await back('candidate_alerts', 'candidate_id', 'id', u.alerts);
    for (const a of u.deletedApplications) {
      // The row was kept as JSON: every time in it (created, updated, entered its stage, outcome) is text again.
      const row = Object.fromEntries(
        Object.entries(a).map(([k, v]) => [k, k.endsWith('At') && typeof v === 'string' ? d(v) : v]),
      ) as typeof applications.$inferInsert;
      await tx.insert(applications).values(row);
    }
    await restoreDependents(tx, clientId, u.dependents);
    for (const f of u.deletedFavorites)
      await tx.execute(sql`INSERT INTO candidate_favorites (client_id, candidate_id, user_id, created_at)
        VALUES (${clientId}, ${mergedId}, ${f.userId}, ${f.createdAt}) ON CONFLICT DO NOTHING`);
    for (const l of u.deletedListMembers)
      await tx.execute(sql`INSERT INTO candidate_list_members (client_id, list_id, candidate_id, added_at)
        VALUES (${clientId}, ${l.listId}, ${mergedId}, ${l.addedAt}) ON CONFLICT DO NOTHING`);
    await tx.delete(candidateEvents).where(and(eq(candidateEvents.clientId, clientId), eq(candidateEvents.id, u.mergeEventId)));

    const b = u.survivorBefore;
    await tx
      .update(candidates)
      .set({
        tags: b.tags,
        skills: b.skills,
        phone: b.phone,
        city: b.city,
        state: b.state,
        zipCode: b.zipCode,
        country: b.country,
        lat: b.lat,
        lng: b.lng,
        resumeText: b.resumeText,
        experience: b.experience as typeof s.experience,
        education: b.education as typeof s.education,
        lastActivityAt: d(b.lastActivityAt),
        updatedAt: d(b.updatedAt),
      })
      .where(and(eq(candidates.clientId, clientId), eq(candidates.id, survivorId)));
    await tx
      .update(candidates)
      .set({ mergedInto: null, email: u.mergedBefore.email, updatedAt: d(u.mergedBefore.updatedAt) })
      .where(and(eq(candidates.clientId, clientId), eq(candidates.id, mergedId)));
    const data = { mergeId: merge.id, survivorId, mergedId };
    await recordCandidateEvent({ db: tx }, { clientId, candidateId: survivorId, actor, type: 'unmerged', data });
    await recordCandidateEvent({ db: tx }, { clientId, candidateId: mergedId, actor, type: 'unmerged', data });
    const [done] = await tx
      .update(candidateMerges)
      .set({ undoneAt: sql`now()` })
      .where(and(eq(candidateMerges.clientId, clientId), eq(candidateMerges.id, merge.id)))
      .returning();
    const rows = await tx
      .select()
      .from(candidates)
      .where(and(eq(candidates.clientId, clientId), inArray(candidates.id, [survivorId, mergedId])));
    return { done, rows };
  });
  const hydrated = await hydrateCandidates(db, clientId, actor.id, out.rows);
  const byId = new Map(hydrated.map((c) => [c._id, c]));
  return {
    message: messages.crm.mergeUndone,
    merge: serializeMerge(out.done),
    survivor: byId.get(out.done.survivorId) as (typeof hydrated)[number],
    merged: byId.get(out.done.mergedId) as (typeof hydrated)[number],
  };
};
