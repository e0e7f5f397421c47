import type { CandidateWritable, crmRoutes as r } from '@hh/contract/crm';
import { messages } from '@hh/contract/messages';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { requireClient } from '../auth/access.ts';
import type { Actor } from '../auth/actor.ts';
import type { Operation } from '../core/operation.ts';
import type { Db, DbOrTx } from '../db/client.ts';
import { candidateFavorites, candidates } from '../db/schema/candidates.ts';
import { AppError, badRequest, conflict, notFound } from '../lib/app-error.ts';
import { rememberSource, rememberTags } from './catalogue.ts';
import { recordCandidateEvent } from './events.ts';
import { geocodeCandidate } from './geocode-candidate.ts';
import { getStatuses } from './pipeline.ts';
import { CANDIDATE_READERS } from './rights.ts';
import { type CandidateRow, hydrateCandidates, pgUuidArray } from './serialize.ts';

export interface CandidatePatch extends CandidateWritable {
  addTags?: string[];
  removeTags?: string[];
}

/**
 * Assigning a candidate to a job is an application made by the recruiter (source `recruiter`), so
 * `assignedJobs` always equals the jobs the candidate has applications for. Jobs of another client are refused.
 */
export async function assignJobs(tx: DbOrTx, clientId: string, candidateId: string, jobIds: string[]) {
  if (!jobIds.length) return [];
  const found = await tx.execute<{ id: string }>(sql`SELECT id FROM jobs WHERE client_id = ${clientId} AND id = ANY(${pgUuidArray(jobIds)}::uuid[])`);
  if (found.rows.length !== new Set(jobIds).size) throw notFound('assignedJobs', messages.crm.jobNotFound);
  const ins = await tx.execute<{ job_id: string }>(sql`
    INSERT INTO applications (client_id, candidate_id, job_id, source, status)
    SELECT ${clientId}, ${candidateId}, j, 'recruiter', 'reviewed' FROM unnest(${pgUuidArray(jobIds)}::uuid[]) AS j
    ON CONFLICT (client_id, job_id, candidate_id) DO NOTHING RETURNING job_id`);
  return ins.rows.map((r) => r.job_id);
}

const isUniqueViolation = (e: unknown) => {
  for (let x = e as { code?: string; cause?: unknown } | undefined, i = 0; x && i < 4; x = x.cause as typeof x, i++) if (x.code === '23505') return true;
  return false;
};

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Updates one or many candidates of a client the caller was checked for (`PATCH api/candidates/update`,
 * `.../update/{id}`, `PATCH api/crm/candidates` with `_ids` for bulk tag and status). Every change is
 * written to the candidate's timeline in the same transaction.
 */
async function applyPatch(db: Db, opts: { actor: Actor; clientId: string; ids: string[]; patch: CandidatePatch }) {
  const p = opts.patch;
  if (p.status !== undefined) {
    const statuses = await getStatuses(db, opts.clientId);
    if (!statuses.includes(p.status)) throw badRequest('status', messages.crm.statusUnknown(p.status));
  }
  const geo = p.address ? await geocodeCandidate(db, p.address) : null;
  const ids = [...new Set(opts.ids)];
  try {
    const updated = await db.transaction(async (tx) => {
      const rows = await tx
        .select()
        .from(candidates)
        .where(and(eq(candidates.clientId, opts.clientId), inArray(candidates.id, ids), isNull(candidates.mergedInto)))
        .for('update');
      if (rows.length !== ids.length) throw notFound('candidates', messages.crm.candidateNotFound);
      const out: CandidateRow[] = [];
      for (const before of rows) {
        const set: Partial<typeof candidates.$inferInsert> = {};
        const changed: string[] = [];
        const put = <K extends keyof typeof set>(k: K, v: (typeof set)[K] | undefined) => {
          if (v === undefined || same((before as Record<string, unknown>)[k], v)) return;
          set[k] = v;
          changed.push(k);
        };
        put('firstName', p.firstName);
        put('lastName', p.lastName);
        put('email', p.email?.toLowerCase());
        put('phone', p.phone);
        put('source', p.source);
        put('resumeText', p.resumeText);
        put('skills', p.skills);
        put('experience', p.experience);
        put('education', p.education);
        if (p.address) {
          put('city', p.address.city === undefined ? undefined : (p.address.city ?? geo?.city ?? null));
          put('state', p.address.state === undefined ? undefined : (p.address.state ?? geo?.state ?? null));
          put('zipCode', p.address.zipCode);
          put('country', p.address.country);
          if (geo) {
            set.lat = geo.lat;
            set.lng = geo.lng;
          }
        }
        let tags = p.tags ?? before.tags;
        if (p.addTags?.length) tags = [...new Set([...tags, ...p.addTags])];
        if (p.removeTags?.length) tags = tags.filter((t) => !p.removeTags?.includes(t));
        const added = tags.filter((t) => !before.tags.includes(t));
        const removed = before.tags.filter((t) => !tags.includes(t));
        if (added.length || removed.length) set.tags = tags;
        const statusChanged = p.status !== undefined && p.status !== before.status;
        if (statusChanged) set.status = p.status;

        if (Object.keys(set).length) {
          set.updatedAt = new Date();
          set.lastActivityAt = new Date();
          const [row] = await tx
            .update(candidates)
            .set(set)
            .where(and(eq(candidates.clientId, opts.clientId), eq(candidates.id, before.id)))
            .returning();
          out.push(row);
        } else out.push(before);
        const ev = { clientId: opts.clientId, candidateId: before.id, actor: opts.actor };
        if (statusChanged) await recordCandidateEvent({ db: tx }, { ...ev, type: 'status', data: { from: before.status, to: p.status } });
        if (added.length || removed.length) {
          await recordCandidateEvent({ db: tx }, { ...ev, type: 'tags', data: { added, removed } });
          if (added.length) await rememberTags(tx, opts.clientId, added);
        }
        if (changed.length) await recordCandidateEvent({ db: tx }, { ...ev, type: 'updated', data: { fields: changed } });
        if (set.source) await rememberSource(tx, opts.clientId, set.source);
        if (p.favorite !== undefined) {
          if (p.favorite)
            await tx.insert(candidateFavorites).values({ clientId: opts.clientId, candidateId: before.id, userId: opts.actor.id }).onConflictDoNothing();
          else
            await tx
              .delete(candidateFavorites)
              .where(
                and(
                  eq(candidateFavorites.clientId, opts.clientId),
                  eq(candidateFavorites.candidateId, before.id),
                  eq(candidateFavorites.userId, opts.actor.id),
                ),
              );
        }
        if (p.assignedJobs?.length) {
          const jobs = await assignJobs(tx, opts.clientId, before.id, p.assignedJobs);
          if (jobs.length) await recordCandidateEvent({ db: tx }, { ...ev, type: 'updated', data: { assignedJobs: jobs } });
        }
      }
      return out;
    });
    return hydrateCandidates(db, opts.clientId, opts.actor.id, updated);
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict('email', messages.crm.candidateEmailTaken(p.email ?? ''));
    throw err;
  }
}

/** The writable fields of a request: its ids, the client and the operation input's own facts left out. */
function patchOf(input: Record<string, unknown>): CandidatePatch {
  const { actor: _a, clientId: _c, caller: _r, upload: _u, _id: _i, _ids: _is, id: _p, ...patch } = input;
  return patch as CandidatePatch;
}

/** `PATCH api/crm/candidates`: one candidate (`_id`) or a bulk change (`_ids`: tags, status); the portal then reloads the facets. */
export const patchCandidates: Operation<typeof r.updateCandidates, 'db'> = async (deps, input) => {
  const ids = [...(input._id ? [input._id] : []), ...(input._ids ?? [])];
  if (!ids.length) throw new AppError(400, '_id', 'Give the candidate (_id) or candidates (_ids) to update');
  const client = await requireClient(deps, input.actor, input.clientId, CANDIDATE_READERS, 'candidates');
  const results = await applyPatch(deps.db, { actor: input.actor, clientId: client.id, ids, patch: patchOf(input) });
  return { message: messages.recruiting.candidateUpdated, updated: results.length, results };
};

/** `PATCH api/candidates/update`: one candidate by `_id` in the body. */
export const updateCandidate: Operation<typeof r.updateCandidate, 'db'> = async (deps, input) => {
  const client = await requireClient(deps, input.actor, input.clientId, CANDIDATE_READERS, 'candidates');
  const [one] = await applyPatch(deps.db, { actor: input.actor, clientId: client.id, ids: [input._id], patch: patchOf(input) });
  return { ...one, message: messages.recruiting.candidateUpdated };
};

/** `PATCH api/candidates/update/{id}` (001 §7: "only 201 is treated as success"). */
export const updateCandidateById: Operation<typeof r.updateCandidateById, 'db'> = async (deps, input) => {
  const client = await requireClient(deps, input.actor, input.clientId, CANDIDATE_READERS, 'candidates');
  const [one] = await applyPatch(deps.db, { actor: input.actor, clientId: client.id, ids: [input.id], patch: patchOf(input) });
  return { ...one, message: messages.recruiting.candidateUpdated };
};
