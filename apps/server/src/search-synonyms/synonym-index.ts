import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { BUILT_IN_SYNONYMS } from './built-in.ts';

/** Words of a term or query as search matches them: lower case, split on anything but letters, digits, & + #. */
export const termWords = (s: string): string[] =>
  s
    .toLowerCase()
    .split(/[^\p{L}\p{N}&+#]+/u)
    .filter(Boolean);

/** A term's key: its words joined by one space ("X-Ray Tech" is "x ray tech"). */
export const termKey = (s: string) => termWords(s).join(' ');

export interface SynonymIndex {
  /** Each term's key to every term that means the same (itself included), built-in and the client's. */
  alternatives: Map<string, string[]>;
  /** The longest term, in words: how far a query is scanned for a match. */
  maxWords: number;
  /** Changes when the client's list changes: part of the keys of caches built on it. */
  version: number;
}

function buildIndex(groups: readonly (readonly string[])[], version: number): SynonymIndex {
  const alternatives = new Map<string, Set<string>>();
  let maxWords = 1;
  for (const group of groups) {
    const keys = [...new Set(group.map(termKey).filter(Boolean))];
    for (const k of keys) {
      const set = alternatives.get(k) ?? new Set<string>();
      for (const other of keys) set.add(other);
      alternatives.set(k, set);
      maxWords = Math.max(maxWords, k.split(' ').length);
    }
  }
  return { alternatives: new Map([...alternatives].map(([k, v]) => [k, [...v]])), maxWords, version };
}

const builtIn = buildIndex(BUILT_IN_SYNONYMS, 0);
const TTL_MS = 60_000;
const MAX_CLIENTS = 5_000;
/**
 * The clients' indexes, bounded and kept a minute: a client's edit reaches this process at once
 * (forgetSynonyms) and other processes within the minute (decision 0601).
 */
const cache = new Map<string, { index: SynonymIndex; at: number }>();
let versions = 0;

export function forgetSynonyms(clientId: string) {
  cache.delete(clientId);
}

/** The built-in groups plus the client's own (search_synonyms). */
export async function synonymIndex(deps: { db: Db }, input: { clientId: string }): Promise<SynonymIndex> {
  const { clientId } = input;
  const hit = cache.get(clientId);
  if (hit && Date.now() - hit.at < TTL_MS) return hit.index;
  const rows = await deps.db.execute<{ terms: string[] }>(sql`SELECT terms FROM search_synonyms WHERE client_id = ${clientId}`);
  const index = rows.rows.length ? buildIndex([...BUILT_IN_SYNONYMS, ...rows.rows.map((r) => r.terms)], ++versions) : builtIn;
  if (cache.size >= MAX_CLIENTS) cache.delete(cache.keys().next().value as string);
  cache.set(clientId, { index, at: Date.now() });
  return index;
}
