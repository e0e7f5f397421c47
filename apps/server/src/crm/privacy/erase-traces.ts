import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { pgTextArray, pgUuidArray } from '../serialize.ts';

/**
 * What an erased person left outside their own candidate rows (DESIGN "Erasure erases everywhere"):
 * the snapshots merges keep for an undo, the campaign recipient rows, the words of the typo-search
 * vocabulary (candidate_words, migration 0511) and the outbox. anonymise-candidate.ts calls
 * `collectTraces` before it blanks the rows and `eraseTraces` after, in the same transaction.
 */
export interface Traces {
  /** Addresses the person had before a merge gave their row a placeholder address (lower-cased). */
  emails: string[];
  /** Resume files kept in merge snapshots (applications a merge deleted because the survivor had the same job). */
  keys: string[];
  /** The person's vocabulary words: from their rows and from the survivor columns kept by merges. */
  words: string[];
}

/** A merge snapshot that names no one: the undo refuses it (undo-merge.ts). */
export const ERASED_SNAPSHOT = '{"erased": true}';

export async function collectTraces(tx: Tx, clientId: string, ids: string[]): Promise<Traces> {
  const idArr = pgUuidArray(ids);
  const merges = await tx.execute<{ email: string | null; keys: string[] }>(sql`
    SELECT lower(undo->'mergedBefore'->>'email') AS email,
           ARRAY(SELECT a->>'resumeKey' FROM jsonb_array_elements(CASE WHEN jsonb_typeof(undo->'deletedApplications') = 'array'
                 THEN undo->'deletedApplications' ELSE '[]'::jsonb END) AS a WHERE a->>'resumeKey' IS NOT NULL) AS keys
      FROM candidate_merges
     WHERE client_id = ${clientId} AND (survivor_id = ANY(${idArr}::uuid[]) OR merged_id = ANY(${idArr}::uuid[]))`);
  // The same words the vocabulary trigger takes (hh_candidate_words), from the rows as they are and
  // from the survivor columns merges kept (a survivor's text before the merge was also in it).
  const words = await tx.execute<{ w: string }>(sql`
    SELECT w FROM candidates c, hh_candidate_words(c.first_name, c.last_name, c.skills, c.tags, c.resume_text) AS w
     WHERE c.client_id = ${clientId} AND c.id = ANY(${idArr}::uuid[])
    UNION
    SELECT w FROM candidate_merges g,
           hh_candidate_words('', '',
             ARRAY(SELECT jsonb_array_elements_text(CASE WHEN jsonb_typeof(g.undo->'survivorBefore'->'skills') = 'array' THEN g.undo->'survivorBefore'->'skills' ELSE '[]'::jsonb END)),
             ARRAY(SELECT jsonb_array_elements_text(CASE WHEN jsonb_typeof(g.undo->'survivorBefore'->'tags') = 'array' THEN g.undo->'survivorBefore'->'tags' ELSE '[]'::jsonb END)),
             g.undo->'survivorBefore'->>'resumeText') AS w
     WHERE g.client_id = ${clientId} AND g.survivor_id = ANY(${idArr}::uuid[])`);
  return {
    emails: [...new Set(merges.rows.map((r) => r.email).filter((e): e is string => !!e && e.includes('@')))],
    keys: [...new Set(merges.rows.flatMap((r) => r.keys))],
    words: words.rows.map((r) => r.w),
  };
}

export async function eraseTraces(tx: Tx, clientId: string, ids: string[], t: { emails: string[]; keys: string[]; words: string[] }): Promise<void> {
  const idArr = pgUuidArray(ids);
  // Merge snapshots: the survivor's old columns, the merged record's address, deleted applications.
  await tx.execute(sql`
    UPDATE candidate_merges SET undo = ${ERASED_SNAPSHOT}::jsonb
     WHERE client_id = ${clientId} AND (survivor_id = ANY(${idArr}::uuid[]) OR merged_id = ANY(${idArr}::uuid[]))`);
  // A merge entry on another candidate's timeline names the record merged into it.
  await tx.execute(sql`
    UPDATE candidate_events SET data = hh_kept_event_data(data, type)
     WHERE client_id = ${clientId} AND type = 'merged' AND data->>'mergedId' = ANY(${pgTextArray(ids)}::text[])`);
  await tx.execute(sql`UPDATE campaign_recipients SET email = '' WHERE client_id = ${clientId} AND candidate_id = ANY(${idArr}::uuid[])`);

  // Vocabulary: a word goes when no live candidate holds it any more. Every source of a word is in
  // search_vector too (names, skills and tags unstemmed; resume text as English stems), so "no other
  // candidate matches it" is read from the search index; an English stop word cannot be checked that
  // way and stays (it names no one). Matching by stem may keep a word another candidate only shares a
  // stem with; it never removes a word another candidate holds.
  if (t.words.length)
    await tx.execute(sql`
      DELETE FROM candidate_words k
       WHERE k.client_id = ${clientId} AND k.word = ANY(${pgTextArray(t.words)}::text[])
         AND numnode(plainto_tsquery('english', k.word)) > 0
         AND NOT EXISTS (
           SELECT 1 FROM candidates o
            WHERE o.client_id = ${clientId} AND o.merged_into IS NULL
              AND o.search_vector @@ (plainto_tsquery('simple', k.word) || plainto_tsquery('english', k.word)))`);

  // Outbox: mails to the person, mails that name them (every product mail about a candidate carries
  // their profile link, which holds the id, or their address), and mails carrying their files.
  const needles = [...ids, ...t.emails].map((x) => x.toLowerCase());
  await tx.execute(sql`
    DELETE FROM outbox o
     WHERE o.client_id = ${clientId} AND (
       lower(o.to_address) = ANY(${pgTextArray(t.emails)}::text[])
       OR EXISTS (SELECT 1 FROM unnest(${pgTextArray(needles)}::text[]) AS n
                   WHERE strpos(lower(o.subject || ' ' || o.text_body || ' ' || coalesce(o.html_body, '')), n) > 0)
       OR EXISTS (SELECT 1 FROM jsonb_array_elements(o.attachments) AS a WHERE a->>'storageKey' = ANY(${pgTextArray(t.keys)}::text[])))`);
}
