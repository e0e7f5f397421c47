import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { type SynonymIndex, termWords } from '../search-synonyms/index.ts';

/**
 * The keyword box, understood (decision 0601): words that are not part of a job's name ("jobs",
 * "hiring") dropped, job-title synonyms and abbreviations expanded (RN finds "Registered Nurse"), and a
 * word that is not in the client's vocabulary widened to the closest word that is (typo tolerance,
 * migrations/0103_job_words.sql). The result is a tsquery text for the GIN index over search_vector.
 */
export interface KeywordQuery {
  /** tsquery text over title, department and description. */
  tsq: string;
  /** Each part of the query, as its alternatives in tsquery text: for the closest titles when nothing matches. */
  parts: string[][];
  /** Words that were not understood (not in any title, no close title word): for the closest titles. */
  unknown: string[];
  /** The synonyms searched besides what was typed ("registered nurse" for "RN"), for the page. */
  synonyms: string[];
}

/** Words that say "a job" rather than which one: dropped. */
const FILLER = new Set([
  'job',
  'jobs',
  'position',
  'positions',
  'opening',
  'openings',
  'career',
  'careers',
  'hiring',
  'vacancy',
  'vacancies',
  'work',
  'near',
  'me',
  'now',
]);
/** Web-search syntax (quoted phrases, or, -excluded): the query is read as written, by websearch_to_tsquery. */
const WEB_SYNTAX = /["]|(?:^|\s)-\S|\sor\s/i;

/** Weight A on every lexeme of a tsquery text: 'regist' <-> 'nurs' becomes 'regist':A <-> 'nurs':A. */
export const titleOnly = (tsq: string) => tsq.replace(/'(?:[^']|'')*'/g, (m) => `${m}:A`);
const quote = (w: string) => `'${w.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;

interface Piece {
  /** The phrases this part of the query stands for (what was typed first). */
  phrases: string[];
  /** A single word not covered by a synonym: checked against the vocabulary for typos. */
  fuzzy: boolean;
}

/** Splits the query into synonym matches (longest first) and single words. */
function piecesOf(words: string[], index: SynonymIndex): Piece[] {
  const pieces: Piece[] = [];
  for (let i = 0; i < words.length; ) {
    let matched = false;
    for (let n = Math.min(index.maxWords, words.length - i); n >= 1; n--) {
      const key = words.slice(i, i + n).join(' ');
      const alts = index.alternatives.get(key);
      if (alts) {
        pieces.push({ phrases: [key, ...alts.filter((a) => a !== key)], fuzzy: false });
        i += n;
        matched = true;
        break;
      }
    }
    if (!matched) {
      pieces.push({ phrases: [words[i]], fuzzy: true });
      i++;
    }
  }
  return pieces;
}

export async function understandKeywords(db: Db, clientId: string, q: string, index: SynonymIndex): Promise<KeywordQuery | null> {
  if (WEB_SYNTAX.test(q)) {
    const r = await db.execute<{ q: string }>(sql`SELECT websearch_to_tsquery('english', ${q})::text AS q`);
    const tsq = r.rows[0]?.q ?? '';
    return tsq ? { tsq, parts: [[tsq]], unknown: [], synonyms: [] } : null;
  }
  // Only words like "jobs near me": every job, as with no keywords.
  const words = termWords(q)
    .slice(0, 24)
    .filter((w) => !FILLER.has(w));
  if (!words.length) return null;
  const pieces = piecesOf(words, index);
  const flat = pieces.flatMap((p, i) => p.phrases.map((phrase, j) => ({ i, j, phrase, fuzzy: p.fuzzy })));
  // One round trip: each phrase as a tsquery (stemmed, stop words out), and for single words that are
  // not synonyms whether the client's vocabulary knows them, or its closest word (pg_trgm, GIN index).
  const r = await db.execute<{ n: number; q: string; lex: string | null; known: boolean | null; fix: string | null }>(sql`
    SELECT p.n::int AS n, phraseto_tsquery('english', p.phrase)::text AS q, w.lex,
           CASE WHEN w.lex IS NOT NULL THEN EXISTS (SELECT 1 FROM job_words k WHERE k.client_id = ${clientId} AND k.word = w.lex) END AS known,
           CASE WHEN w.lex IS NOT NULL THEN (SELECT k.word FROM job_words k WHERE k.client_id = ${clientId} AND k.word % w.lex
                                               ORDER BY similarity(k.word, w.lex) DESC, k.word LIMIT 1) END AS fix
      FROM unnest(${`{${flat.map((f) => `"${f.phrase.replace(/["\\]/g, '')}"`).join(',')}}`}::text[], ${`{${flat.map((f) => f.fuzzy).join(',')}}`}::boolean[])
           WITH ORDINALITY AS p(phrase, fuzzy, n)
      LEFT JOIN LATERAL (SELECT (tsvector_to_array(to_tsvector('english', p.phrase)))[1] AS lex WHERE p.fuzzy) w ON true
     ORDER BY p.n`);
  const parts: string[][] = pieces.map(() => []);
  const unknown: string[] = [];
  const synonyms: string[] = [];
  for (const row of r.rows) {
    const f = flat[row.n - 1];
    if (!row.q) continue; // a stop word: nothing to match
    parts[f.i].push(row.q);
    if (f.j > 0) synonyms.push(f.phrase);
    if (f.fuzzy && row.lex && !row.known) {
      if (row.fix && row.fix !== row.lex) parts[f.i].push(quote(row.fix));
      else unknown.push(row.lex);
    }
  }
  const used = parts.filter((p) => p.length);
  if (!used.length) return null;
  const tsq = used.map((p) => (p.length > 1 ? `( ${p.map((x) => `( ${x} )`).join(' | ')} )` : `( ${p[0]} )`)).join(' & ');
  return { tsq, parts: used, unknown, synonyms };
}
