import { messages } from '@hh/contract/messages';
import { badRequest } from '../lib/app-error.ts';
import { termKey } from './synonym-index.ts';

/** Terms as typed, trimmed, one of each (case and punctuation ignored); at least two that search can tell apart. */
export function cleanTerms(terms: string[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const t of terms) {
    const shown = t.trim().replace(/\s+/g, ' ');
    const key = termKey(shown);
    if (!key || seen.has(key)) continue;
    seen.add(key);
    out.push(shown);
  }
  if (out.length < 2) throw badRequest('terms', messages.search.synonymTooFew);
  return out;
}
