import type { MergeReply, duplicateRoutes as r } from '@hh/contract/crm';
import { messages } from '@hh/contract/messages';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { requireClient, requireRight } from '../../auth/access.ts';
import type { Operation } from '../../core/operation.ts';
import { applications, candidateEvents, candidates } from '../../db/schema/candidates.ts';
import { files } from '../../db/schema/core.ts';
import { candidateMerges } from '../../db/schema/crm-duplicates.ts';
import { badRequest, notFound } from '../../lib/app-error.ts';
import { CANDIDATE_EDITORS, CANDIDATE_READERS } from '../rights.ts';
import { type CandidateRow, hydrateCandidates } from '../serialize.ts';
import type { MergeUndo } from './merge-undo.ts';
import { serializeMerge } from './merge-undo.ts';
import { snapshotDependents } from './application-dependents.ts';
import { reasonsOf } from './reasons.ts';

const union = (a: string[], b: string[]) => {
  const seen = new Set(a.map((x) => x.toLowerCase()));
  return [...a, ...b.filter((x) => !seen.has(x.toLowerCase()) && seen.add(x.toLowerCase()))];
};

/** The merged candidate keeps its row (hidden, `merged_into` set) under an address no one can apply with, so the unique email index stays free. */
export const mergedEmail = (id: string) => `merged-${id}@merged.invalid`;

/**
 * Merges `mergedId` into `survivorId` (decision 0012 "Duplicates"): every application, file, timeline
 * entry, favourite, list membership, follow-up and alert of the merged candidate moves to the
 * survivor; tags and skills are joined; the survivor's empty fields (phone, location, resume text,
 * experience, education) are filled from the other. One transaction; what moved is kept on the
 * merge row for `undoMerge`. The survivor's timeline records the merge.
 */
export const mergeCandidates: Operation<typeof r.merge, 'db' | 'storage'> = async (deps, opts): Promise<MergeReply> => {
  const { survivorId, mergedId, actor } = opts;
  const clientId = (await requireClient(deps, actor, opts.clientId, CANDIDATE_READERS, 'candidates')).id;
  // Merging joins two people's records: harvest or cultivate editor (docs/permissions.md "Candidates").
  requireRight(actor, CANDIDATE_EDITORS, 'merge');
  const db = deps.db;
  if (survivorId === mergedId) throw badRequest('mergedId', messages.crm.mergeSame);

  const result = await db.transaction(async (tx) => {
    // Both rows locked in id order, so two merges of the same pair cannot deadlock.
    const locked = await tx
      .select()
      .from(candidates)
      .where(and(eq(candidates.clientId, clientId), inArray(candidates.id, [survivorId, mergedId]), isNull(candidates.mergedInto)))
      .orderBy(candidates.id)
      .for('update');
    const s = locked.find((r) => r.id === survivorId);
    const m = locked.find((r) => r.id === mergedId);
    if (!s) throw notFound('survivorId', messages.crm.candidateNotFound);
    if (!m) throw notFound('mergedId', messages.crm.candidateNotFound);
    const keys = await tx.execute<{ id: string; dup_keys: string[] }>(
      sql`SELECT id, dup_keys FROM candidates WHERE client_id = ${clientId} AND id IN (${survivorId}, ${mergedId})`,
    );
    const sk = new Set(keys.rows.find((r) => r.id === survivorId)?.dup_keys ?? []);
    const reasons = reasonsOf((keys.rows.find((r) => r.id === mergedId)?.dup_keys ?? []).filter((k) => sk.has(k)));

    // Applications: the survivor's application to the same job wins (one application per job and
    // candidate); the other is kept whole on the merge row, its answers in the timeline entry and
    // its resume as one of the survivor's files.
    const twins = await tx
      .select()
      .from(applications)
      .where(
        and(
          eq(applications.clientId, clientId),
          eq(applications.candidateId, mergedId),
          sql`${applications.jobId} IN (SELECT job_id FROM applications WHERE client_id = ${clientId} AND candidate_id = ${survivorId})`,
        ),
      );
    const insertedFiles: string[] = [];
    for (const a of twins) {
      if (!a.resumeKey) continue;
      const has = await tx
        .select({ id: files.id })
        .from(files)
        .where(and(eq(files.clientId, clientId), eq(files.storageKey, a.resumeKey)));
      if (has.length) continue;
      const size = (await deps.storage.stat(a.resumeKey).catch(() => null))?.size ?? 0;
      const [f] = await tx
        .insert(files)
        .values({
          clientId,
          ownerId: mergedId, // moved to the survivor with the others below
          storageKey: a.resumeKey,
          contentType: a.resumeContentType ?? 'application/octet-stream',
          sizeBytes: size,
          kind: 'resume',
          createdAt: a.createdAt,
        })
        .returning({ id: files.id });
      insertedFiles.push(f.id);
    }
    // Their stage history, interviews, scorecards, offer and bookings go with them: kept for an undo.
    const dependents = await snapshotDependents(
      tx,
      clientId,
      twins.map((a) => a.id),
    );
    if (twins.length)
      await tx.delete(applications).where(
        and(
          eq(applications.clientId, clientId),
          inArray(
            applications.id,
            twins.map((a) => a.id),
          ),
        ),
      );
    const ids = (r: { rows: Array<{ id: string }> }) => r.rows.map((x) => x.id);
    const movedApps = await tx.execute<{ id: string }>(
      sql`UPDATE applications SET candidate_id = ${survivorId} WHERE client_id = ${clientId} AND candidate_id = ${mergedId} RETURNING id`,
    );
    const movedFiles = await tx.execute<{ id: string }>(
      sql`UPDATE files SET owner_id = ${survivorId} WHERE client_id = ${clientId} AND owner_id = ${mergedId} AND kind IN ('resume', 'candidate_file') RETURNING id`,
    );
    const movedEvents = await tx.execute<{ id: string }>(
      sql`UPDATE candidate_events SET candidate_id = ${survivorId} WHERE client_id = ${clientId} AND candidate_id = ${mergedId} RETURNING id`,
    );
    const deletedFavs = await tx.execute<{ user_id: string; created_at: string }>(sql`
      DELETE FROM candidate_favorites f WHERE f.client_id = ${clientId} AND f.candidate_id = ${mergedId}
         AND EXISTS (SELECT 1 FROM candidate_favorites g WHERE g.client_id = ${clientId} AND g.candidate_id = ${survivorId} AND g.user_id = f.user_id)
      RETURNING f.user_id, f.created_at`);
    const movedFavs = await tx.execute<{ user_id: string }>(
      sql`UPDATE candidate_favorites SET candidate_id = ${survivorId} WHERE client_id = ${clientId} AND candidate_id = ${mergedId} RETURNING user_id`,
    );
    const deletedMembers = await tx.execute<{ list_id: string; added_at: string }>(sql`
      DELETE FROM candidate_list_members l WHERE l.client_id = ${clientId} AND l.candidate_id = ${mergedId}
         AND EXISTS (SELECT 1 FROM candidate_list_members k WHERE k.client_id = ${clientId} AND k.candidate_id = ${survivorId} AND k.list_id = l.list_id)
      RETURNING l.list_id, l.added_at`);
    const movedMembers = await tx.execute<{ list_id: string }>(
      sql`UPDATE candidate_list_members SET candidate_id = ${survivorId} WHERE client_id = ${clientId} AND candidate_id = ${mergedId} RETURNING list_id`,
    );
    const movedFollowUps = await tx.execute<{ id: string }>(
      sql`UPDATE candidate_follow_ups SET candidate_id = ${survivorId} WHERE client_id = ${clientId} AND candidate_id = ${mergedId} RETURNING id`,
    );
    const movedAlerts = await tx.execute<{ id: string }>(
      sql`UPDATE candidate_alerts SET candidate_id = ${survivorId} WHERE client_id = ${clientId} AND candidate_id = ${mergedId} RETURNING id`,
    );

    // The survivor: joined tags and skills, its empty fields filled from the other.
    const noPlace = !s.city && !s.state && !s.zipCode;
    const now = new Date();
    await tx
      .update(candidates)
      .set({
        tags: union(s.tags, m.tags),
        skills: union(s.skills, m.skills),
        phone: s.phone || m.phone,
        ...(noPlace ? { city: m.city, state: m.state, zipCode: m.zipCode, country: s.country ?? m.country, lat: m.lat, lng: m.lng } : {}),
        resumeText: s.resumeText || m.resumeText,
        experience: s.experience.length ? s.experience : m.experience,
        education: s.education.length ? s.education : m.education,
        lastActivityAt: now,
        updatedAt: now,
      })
      .where(and(eq(candidates.clientId, clientId), eq(candidates.id, survivorId)));
    await tx
      .update(candidates)
      .set({ mergedInto: survivorId, email: mergedEmail(mergedId), updatedAt: now })
      .where(and(eq(candidates.clientId, clientId), eq(candidates.id, mergedId)));

    const [event] = await tx
      .insert(candidateEvents)
      .values({
        clientId,
        candidateId: survivorId,
        actorId: actor.id,
        actorEmail: actor.email,
        type: 'merged',
        data: {
          mergedId,
          mergedName: `${m.firstName} ${m.lastName}`.trim(),
          mergedEmail: m.email,
          reasons,
          applications: movedApps.rows.length + twins.length,
          files: movedFiles.rows.length,
          timeline: movedEvents.rows.length,
          // Applications to a job the survivor had also applied to: their answers stay readable here.
          sameJobApplications: twins.map((a) => ({ jobId: a.jobId, source: a.source, answers: a.answers, createdAt: a.createdAt.toISOString() })),
        },
      })
      .returning({ id: candidateEvents.id });

    const undo: MergeUndo = {
      survivorBefore: {
        tags: s.tags,
        skills: s.skills,
        phone: s.phone,
        city: s.city,
        state: s.state,
        zipCode: s.zipCode,
        country: s.country,
        lat: s.lat,
        lng: s.lng,
        resumeText: s.resumeText,
        experience: s.experience,
        education: s.education,
        lastActivityAt: s.lastActivityAt.toISOString(),
        updatedAt: s.updatedAt.toISOString(),
      },
      mergedBefore: { email: m.email, updatedAt: m.updatedAt.toISOString() },
      applications: ids(movedApps),
      deletedApplications: twins.map((a) => ({ ...a, createdAt: a.createdAt.toISOString(), updatedAt: a.updatedAt.toISOString() })),
      dependents,
      files: ids(movedFiles),
      insertedFiles,
      events: ids(movedEvents),
      mergeEventId: event.id,
      favorites: movedFavs.rows.map((r) => r.user_id),
      deletedFavorites: deletedFavs.rows.map((r) => ({ userId: r.user_id, createdAt: new Date(r.created_at).toISOString() })),
      listMembers: movedMembers.rows.map((r) => r.list_id),
      deletedListMembers: deletedMembers.rows.map((r) => ({ listId: r.list_id, addedAt: new Date(r.added_at).toISOString() })),
      followUps: ids(movedFollowUps),
      alerts: ids(movedAlerts),
    };
    const [merge] = await tx
      .insert(candidateMerges)
      .values({ clientId, survivorId, mergedId, actorId: actor.id, actorEmail: actor.email, reasons, undo: undo as unknown as Record<string, unknown> })
      .returning();
    const [survivor] = await tx
      .select()
      .from(candidates)
      .where(and(eq(candidates.clientId, clientId), eq(candidates.id, survivorId)));
    return { merge, survivor: survivor as CandidateRow };
  });
  const [candidate] = await hydrateCandidates(db, clientId, actor.id, [result.survivor]);
  return { message: messages.crm.mergeDone, merge: serializeMerge(result.merge), candidate };
};
