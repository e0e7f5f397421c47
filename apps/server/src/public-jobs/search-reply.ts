import type { ClientRow } from './public-client.ts';
import type { SearchResult } from './search-jobs.ts';
import { serializeJob } from '../jobs/index.ts';

/**
 * What the search understood and, when nothing matched, what it offers instead (decision 0601): the
 * fields of GET /api/search-jobs beside results, totalCount, summary and location.
 */
export function understoodFields(found: SearchResult, client: ClientRow) {
  const d = found.deadEnd;
  return {
    unknownLocation: found.unknownLocation,
    synonyms: found.synonyms,
    noResults: d ? { kind: d.kind, message: d.message, ...(d.kind === 'titles' ? { titles: d.titles } : {}) } : null,
    ...(d?.kind === 'nearest' ? { nearest: d.rows.map((x) => serializeJob(x.row, client, { distance: x.distance, fullDescription: false })) } : {}),
  };
}
