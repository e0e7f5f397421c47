import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import type { Node } from './boolean-query.ts';

/**
 * Typo tolerance (a misspelled word still finds the candidate; migrations/0511_candidate_words.sql).
 * A plain word of the query that is not in the client's vocabulary is widened to the known words it
 * starts and the known words closest to it: "nurce" → nurse, "Jonh" → john. Close means one edit
 * (a letter dropped, added, changed, or two swapped), found by looking up every one-edit variant by
 * primary key; for words of 6 letters or more also two edits, among the trigram index's nearest
 * words. Quoted phrases and excluded words are taken as written. Never a scan of the candidates.
 */
export interface Correction {
  term: string;
  suggestions: string[];
}

const MIN_LEN = 3;
const MAX_LEN = 30;
const MAX_SUGGESTIONS = 3;
const MAX_WORDS = 8;
const WORD = /^\p{L}+$/u;

/** Optimal string alignment distance (Damerau–Levenshtein without repeated edits of one substring). */
export function editDistance(a: string, b: string): number {
  const m = a.length;
  const n = b.length;
  const d: number[][] = Array.from({ length: m + 1 }, (_, i) => Array.from({ length: n + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i <= m; i++)
    for (let j = 1; j <= n; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      d[i][j] = Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
    }
  return d[m][n];
}

/** Every string one edit away from `w` (Norvig's spelling corrector), over a–z and the word's own letters. */
export function oneEditVariants(w: string): string[] {
  const letters = [...new Set([...'abcdefghijklmnopqrstuvwxyz', ...w])];
  const out = new Set<string>();
  for (let i = 0; i <= w.length; i++) {
    const [l, r] = [w.slice(0, i), w.slice(i)];
    if (r) out.add(l + r.slice(1));
    if (r.length > 1) out.add(l + r[1] + r[0] + r.slice(2));
    for (const c of letters) {
      if (r) out.add(l + c + r.slice(1));
      out.add(l + c + r);
    }
  }
  out.delete(w);
  return [...out].filter((v) => v.length >= 2);
}

/** The plain words of the positive part of the tree (excluded words and phrases are left alone). */
function plainWords(n: Node, out: Set<string>) {
  if (n.kind === 'term') {
    const w = n.text.trim().toLowerCase();
    if (!n.phrase && WORD.test(w) && w.length >= MIN_LEN && w.length <= MAX_LEN) out.add(w);
  } else if (n.kind !== 'not') for (const i of n.items) plainWords(i, out);
}

/** Terms whose word the vocabulary holds as written: matched as that word, not also as a prefix (boolean-query.ts). */
function markKnown(n: Node, known: Set<string>): Node {
  if (n.kind === 'term') return !n.phrase && known.has(n.text.trim().toLowerCase()) ? { ...n, known: true } : n;
  if (n.kind === 'not') return { kind: 'not', item: markKnown(n.item, known) };
  return { kind: n.kind, items: n.items.map((i) => markKnown(i, known)) };
}

function widen(n: Node, fixes: Map<string, string[]>): Node {
  if (n.kind === 'term') {
    const s = n.phrase ? undefined : fixes.get(n.text.trim().toLowerCase());
    return s?.length ? { kind: 'or', items: [n, ...s.map((text) => ({ kind: 'term' as const, text, phrase: false, known: true }))] } : n;
  }
  if (n.kind === 'not') return n;
  return { kind: n.kind, items: n.items.map((i) => widen(i, fixes)) };
}

/** The query tree with misspelled words widened to their corrections, and the corrections made. */
export async function tolerateTypos(db: DbOrTx, clientId: string, tree: Node): Promise<{ tree: Node; corrections: Correction[] }> {
  const words = new Set<string>();
  plainWords(tree, words);
  const list = [...words].slice(0, MAX_WORDS);
  if (!list.length) return { tree, corrections: [] };
  // Known: the word itself. A word that only starts known words ("intensiv") is widened to them too:
  // resume text is searched by English stems, where a prefix of the written word does not match.
  const known = await db.execute<{ w: string; next: string[] }>(sql`
    SELECT w, ARRAY(SELECT k.word FROM candidate_words k WHERE k.client_id = ${clientId} AND k.word >= w ORDER BY k.word LIMIT ${MAX_SUGGESTIONS}) AS next
      FROM unnest(${`{${list.map((w) => `"${w}"`).join(',')}}`}::text[]) AS w`);
  const unknown = known.rows.filter((r) => r.next[0] !== r.w).map((r) => r.w);
  const marked = markKnown(tree, new Set(known.rows.filter((r) => r.next[0] === r.w).map((r) => r.w)));
  if (!unknown.length) return { tree: marked, corrections: [] };

  const found = new Map<string, Array<{ word: string; dist: number; sim: number }>>();
  const add = (w: string, word: string, dist: number, sim = 0) => {
    const list = found.get(w) ?? [];
    if (!list.some((x) => x.word === word)) list.push({ word, dist, sim });
    found.set(w, list);
  };
  for (const r of known.rows) for (const word of r.next) if (word.startsWith(r.w) && word !== r.w) add(r.w, word, 0.5);
  const variants = new Map<string, string[]>();
  for (const w of unknown) for (const v of oneEditVariants(w)) variants.set(v, [...(variants.get(v) ?? []), w]);
  const hits = await db.execute<{ word: string }>(
    sql`SELECT word FROM candidate_words WHERE client_id = ${clientId} AND word = ANY(${`{${[...variants.keys()].map((v) => `"${v}"`).join(',')}}`}::text[])`,
  );
  for (const h of hits.rows) for (const w of variants.get(h.word) ?? []) add(w, h.word, 1);
  for (const w of unknown.filter((x) => !found.has(x) && x.length >= 6)) {
    const near = await db.execute<{ word: string; sim: number }>(sql`
      SELECT word, similarity(word, ${w}) AS sim FROM candidate_words
       WHERE client_id = ${clientId} AND word % ${w} ORDER BY sim DESC, word LIMIT 20`);
    for (const r of near.rows) {
      const dist = editDistance(w, r.word);
      if (dist <= 2) add(w, r.word, dist, Number(r.sim));
    }
  }
  const fixes = new Map<string, string[]>();
  const corrections: Correction[] = [];
  for (const w of unknown) {
    const c = found.get(w);
    if (!c?.length) continue;
    // The words it starts, then fewest edits; then a swap or change (same length) before a dropped or added letter; then alphabetical.
    c.sort(
      (x, y) => x.dist - y.dist || Math.abs(x.word.length - w.length) - Math.abs(y.word.length - w.length) || y.sim - x.sim || x.word.localeCompare(y.word),
    );
    const suggestions = c.slice(0, MAX_SUGGESTIONS).map((x) => x.word);
    fixes.set(w, suggestions);
    corrections.push({ term: w, suggestions });
  }
  return { tree: fixes.size ? widen(marked, fixes) : marked, corrections };
}
