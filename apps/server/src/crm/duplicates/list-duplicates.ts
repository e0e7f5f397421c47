import type { DuplicatePair, DuplicatesReply, duplicateRoutes as r } from '@hh/contract/crm';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { requireClient } from '../../auth/access.ts';
import type { Operation } from '../../core/operation.ts';
import type { DbOrTx } from '../../db/client.ts';
import { candidates } from '../../db/schema/candidates.ts';
import { loadCandidateRow } from '../get-candidate.ts';
import { CANDIDATE_READERS } from '../rights.ts';
import { type CandidateRow, hydrateCandidates } from '../serialize.ts';
import { pairId, reasonsOf } from './reasons.ts';

/** A key shared by more candidates than this is not one person (a shared office phone): only its first ones pair up. */
const MAX_PER_KEY = 20;

/**
 * The client's likely duplicate pairs, newest first: live candidates sharing a duplicate key
 * (normalised email, phone digits, name plus city or zip; migrations/0510), minus pairs a recruiter
 * dismissed. One query on the client's shard (every table filtered by client_id).
 */
export const listDuplicates: Operation<typeof r.list, 'db'> = async (deps, opts): Promise<DuplicatesReply> => {
  const clientId = (await requireClient(deps, opts.actor, opts.clientId, CANDIDATE_READERS, 'candidates')).id;
  const db = deps.db;
  const r = await db.execute<{ a: string; b: string; kinds: string[]; total: number }>(sql`
    WITH keyed AS (
      SELECT k, (array_agg(id ORDER BY created_at, id))[1:${MAX_PER_KEY}] AS ids
        FROM candidates, unnest(dup_keys) AS k
       WHERE client_id = ${clientId} AND merged_into IS NULL
       GROUP BY k HAVING count(*) > 1
    ), pairs AS (
      SELECT a, b, array_agg(DISTINCT left(k, 1)) AS kinds
        FROM keyed, unnest(ids) AS a, unnest(ids) AS b
       WHERE a < b
       GROUP BY a, b
    )
    SELECT p.a, p.b, p.kinds, count(*) OVER ()::int AS total
      FROM pairs p
      JOIN candidates ca ON ca.client_id = ${clientId} AND ca.id = p.a
      JOIN candidates cb ON cb.client_id = ${clientId} AND cb.id = p.b
     WHERE NOT EXISTS (SELECT 1 FROM candidate_duplicate_dismissals d
                        WHERE d.client_id = ${clientId} AND d.candidate_a = p.a AND d.candidate_b = p.b)
     ORDER BY greatest(ca.created_at, cb.created_at) DESC, p.a, p.b
     LIMIT ${opts.pageSize} OFFSET ${(opts.pageNumber - 1) * opts.pageSize}`);
  const totalCount = r.rows[0]?.total ?? 0;
  const ids = [...new Set(r.rows.flatMap((p) => [p.a, p.b]))];
  const results = await pairsOf(
    db,
    clientId,
    opts.actor.id,
    ids,
    r.rows.map((p) => ({ a: p.a, b: p.b, reasons: reasonsOf(p.kinds) })),
  );
  return { results, totalCount };
};

/** The likely duplicates of one candidate (the drawer's notice), strongest reasons first. */
export const candidateDuplicates: Operation<typeof r.listForCandidate, 'db'> = async (deps, opts): Promise<DuplicatesReply> => {
  const clientId = (await requireClient(deps, opts.actor, opts.clientId, CANDIDATE_READERS, 'candidates')).id;
  const candidateId = opts.id;
  const db = deps.db;
  await loadCandidateRow(db, clientId, candidateId);
  const r = await db.execute<{ id: string; shared: string[] }>(sql`
    SELECT o.id, ARRAY(SELECT unnest(o.dup_keys) INTERSECT SELECT unnest(me.dup_keys)) AS shared
      FROM candidates me
      JOIN candidates o ON o.client_id = me.client_id AND o.dup_keys && me.dup_keys AND o.id <> me.id AND o.merged_into IS NULL
     WHERE me.client_id = ${clientId} AND me.id = ${candidateId}
       AND NOT EXISTS (SELECT 1 FROM candidate_duplicate_dismissals d
                        WHERE d.client_id = ${clientId} AND d.candidate_a = least(me.id, o.id) AND d.candidate_b = greatest(me.id, o.id))
     ORDER BY o.created_at, o.id
     LIMIT ${MAX_PER_KEY}`);
  const pairs = r.rows.map((o) => ({ a: candidateId, b: o.id, reasons: reasonsOf(o.shared) }));
  const rank = (p: (typeof pairs)[number]) => (p.reasons.includes('email') ? 0 : p.reasons.includes('phone') ? 1 : 2) - p.reasons.length / 10;
  pairs.sort((x, y) => rank(x) - rank(y));
  const results = await pairsOf(db, clientId, opts.actor.id, [candidateId, ...pairs.map((p) => p.b)], pairs);
  return { results, totalCount: results.length };
};

/** Hydrates the page's candidates once, then builds each pair (the older candidate first). */
async function pairsOf(
  db: DbOrTx,
  clientId: string,
  userId: string,
  ids: string[],
  pairs: Array<{ a: string; b: string; reasons: DuplicatePair['reasons'] }>,
): Promise<DuplicatePair[]> {
  if (!pairs.length) return [];
  const rows: CandidateRow[] = await db
    .select()
    .from(candidates)
    .where(and(eq(candidates.clientId, clientId), inArray(candidates.id, ids), isNull(candidates.mergedInto)));
  const byId = new Map((await hydrateCandidates(db, clientId, userId, rows)).map((c) => [c._id, c]));
  const out: DuplicatePair[] = [];
  for (const p of pairs) {
    const a = byId.get(p.a);
    const b = byId.get(p.b);
    if (!a || !b) continue;
    const [first, second] = a.createdAt <= b.createdAt ? [a, b] : [b, a];
    out.push({ _id: pairId(a._id, b._id), reasons: p.reasons, candidates: [first, second] });
  }
  return out;
}
