import { messages } from '@hh/contract/messages';
import type { KeywordsReply, requisitionRoutes as r } from '@hh/contract/requisitions';
import { and, eq, sql } from 'drizzle-orm';
import type { Actor } from '../auth/actor.ts';
import { requireRight } from '../auth/access.ts';
import type { Deps } from '../core/deps.ts';
import type { Operation } from '../core/operation.ts';
import type { Db } from '../db/client.ts';
import { AppError } from '../lib/app-error.ts';
import { requisitionKeywords } from '../db/schema/requisitions.ts';
import { documentFrequencies, extractKeywords, type JobText } from './extract-keywords.ts';
import { resolveRequisition } from './resolve-requisition.ts';
import { keywordsFailure, REQUISITION_READERS } from './rights.ts';

/** Jobs read for a client's document frequencies: the most recently changed ones. */
export const CORPUS_MAX_JOBS = 5000;

/**
 * Each client's document frequencies, with the signature of the jobs they were computed from (at
 * most 100 clients, the oldest dropped first). One per app, never a module global: kept by the app's
 * database handle, so two apps in one process (the tests build many) never share it.
 */
type KeywordCorpora = Map<string, { signature: string; corpus: ReturnType<typeof documentFrequencies> }>;
const corporaByDb = new WeakMap<object, KeywordCorpora>();

function corporaOf(db: Db): KeywordCorpora {
  let corpora = corporaByDb.get(db);
  if (!corpora) {
    corpora = new Map();
    corporaByDb.set(db, corpora);
  }
  return corpora;
}

async function corpusOf(db: Db, clientId: string, signature: string) {
  const corpora = corporaOf(db);
  const hit = corpora.get(clientId);
  if (hit?.signature === signature) return hit.corpus;
  const r = await db.execute<{ id: string; title: string; description: string }>(sql`
    SELECT id, title, left(description, 20000) AS description FROM jobs WHERE client_id = ${clientId}
    ORDER BY updated_at DESC LIMIT ${CORPUS_MAX_JOBS}`);
  const corpus = documentFrequencies(r.rows as JobText[]);
  if (corpora.size >= 100) corpora.delete(corpora.keys().next().value as string);
  corpora.set(clientId, { signature, corpus });
  return corpus;
}

/**
 * What the AI keywords were computed from: the extraction's version (so stored keywords of an older
 * extraction are recomputed), the client's jobs (how many, last change) and this job's last change.
 */
const EXTRACTION_VERSION = 'requirements-2';
async function signatureOf(db: Db, clientId: string, jobUpdatedAt: Date): Promise<string> {
  const r = await db.execute<{ n: number; last: string | null }>(sql`
    SELECT count(*)::int AS n, max(updated_at)::text AS last FROM jobs WHERE client_id = ${clientId}`);
  return `${EXTRACTION_VERSION}|${r.rows[0].n}|${r.rows[0].last}|${jobUpdatedAt.toISOString()}`;
}

/**
 * The AI keywords of a requisition (recomputed when the client's jobs changed since they were
 * stored) and the recruiter's keywords.
 */
export async function keywordsOf(deps: Pick<Deps, 'db'>, opts: { actor: Actor; jobId: string; clientHint?: string }): Promise<KeywordsReply> {
  const { db } = deps;
  const job = await resolveRequisition(db, opts.actor, opts.jobId, opts.clientHint);
  const where = and(eq(requisitionKeywords.clientId, job.client_id), eq(requisitionKeywords.jobId, job.id));
  let [row] = await db.select().from(requisitionKeywords).where(where).limit(1);
  const signature = await signatureOf(db, job.client_id, new Date(job.updated_at));
  if (!row || row.aiSignature !== signature) {
    const corpus = await corpusOf(db, job.client_id, signature);
    const client = await db.execute<{ name: string }>(sql`SELECT name FROM clients WHERE id = ${job.client_id}`);
    const ai = extractKeywords({ id: job.id, title: job.title, description: job.description }, corpus, 15, { clientName: client.rows[0]?.name });
    [row] = await db
      .insert(requisitionKeywords)
      .values({ clientId: job.client_id, jobId: job.id, aiKeywords: ai, aiSignature: signature, computedAt: new Date() })
      .onConflictDoUpdate({
        target: [requisitionKeywords.clientId, requisitionKeywords.jobId],
        set: { aiKeywords: ai, aiSignature: signature, computedAt: new Date() },
      })
      .returning();
  }
  return serializeKeywords(row, job.title);
}

/**
 * GET api/crm/requisition/{id}/keywords. The job is looked up in the client the call names (query
 * clientId or the portal's selected client) first. Failures carry the spec's message (001 §8).
 */
export const getKeywords: Operation<typeof r.getKeywords, 'db'> = async (deps, input) => {
  try {
    if (input.caller.validationError) throw new AppError(400, 'requisition', input.caller.validationError);
    requireRight(input.actor, REQUISITION_READERS, 'requisition');
    return await keywordsOf(deps, { actor: input.actor, jobId: input.id, clientHint: input.clientId });
  } catch (err) {
    return keywordsFailure(err, messages.requisitions.keywordsFetchError);
  }
};

export function serializeKeywords(row: typeof requisitionKeywords.$inferSelect, title: string): KeywordsReply {
  const removed = new Set(row.removedAiKeywords.map((k) => k.toLowerCase()));
  return {
    _id: row.jobId,
    clientId: row.clientId,
    title,
    aiKeywords: row.aiKeywords.filter((k) => !removed.has(k.keyword.toLowerCase())),
    userKeywords: row.userKeywords,
    updatedAt: row.updatedAt ? row.updatedAt.toISOString() : null,
  };
}
