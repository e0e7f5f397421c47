import { messages } from '@hh/contract/messages';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import type { Place } from '../geo/index.ts';
import type { JobRow } from '../jobs/index.ts';
import { rowFromJson } from './job-json.ts';
import { greatCircle } from './search-geo.ts';
import { titleOnly, type KeywordQuery } from './understand-keywords.ts';

const METERS_PER_MILE = 1609.344;
const NEAREST = 10;
const TITLES = 5;

/**
 * What a search that found nothing shows instead of an empty page (decision 0601): the nearest jobs
 * that match everything but the distance, with their distance; or, when the keywords match no open job
 * anywhere, the closest job titles; or a plain sentence that the filters leave nothing. Never a
 * sentence that blames the seeker.
 */
export type DeadEnd =
  | { kind: 'nearest'; message: string; rows: Array<{ row: JobRow; distance: number }> }
  | { kind: 'titles'; message: string; titles: Array<{ title: string; count: number }> }
  | { kind: 'none'; message: string };

export interface DeadEndInput {
  clientId: string;
  /** Every condition of the search but the place (tenant, status, keywords, filters). */
  where: SQL[];
  place: Place | null;
  radius: number;
  keywords: string;
  kw: KeywordQuery | null;
  /** Any filter besides keywords and place (department, type, remote, salary). */
  filtered: boolean;
}

/** The nearest jobs to a point or a state's centre, by the GiST index's distance order (cube <->). */
async function nearest(db: Db, where: SQL[], lat: number, lng: number) {
  const origin = sql`ll_to_earth(${lat}::float8, ${lng}::float8)`;
  const r = await db.execute<{ job: Record<string, unknown>; distance: number }>(sql`
    SELECT to_jsonb(j) - 'search_vector' - 'earth' AS job, ${greatCircle(sql`cube_distance(${origin}, j.earth)`)} / ${METERS_PER_MILE}::float8 AS distance
      FROM (SELECT * FROM jobs WHERE ${sql.join(where, sql` AND `)} AND earth IS NOT NULL ORDER BY earth <-> ${origin} LIMIT ${NEAREST}) j
     ORDER BY distance`);
  return r.rows.map((x) => ({ row: rowFromJson(x.job), distance: Math.round(Number(x.distance) * 10) / 10 }));
}

/**
 * Titles of open jobs closest to keywords that matched nothing: jobs whose title has any part of the
 * query (or of its synonyms), or a vocabulary word close to a word not understood; failing those, the
 * client's most common titles among its newest jobs.
 */
async function closestTitles(db: Db, clientId: string, kw: KeywordQuery) {
  // Any single word of the query or its synonyms: "respiratory therapist" finds the other therapists.
  const alternatives = [...new Set(kw.parts.flat().flatMap((p) => p.match(/'(?:[^']|'')*'/g) ?? []))];
  for (const word of kw.unknown) {
    const near = await db.execute<{ word: string }>(sql`
      SELECT word FROM job_words WHERE client_id = ${clientId} AND similarity(word, ${word}) > 0.15
       ORDER BY similarity(word, ${word}) DESC, word LIMIT 3`);
    for (const n of near.rows) alternatives.push(`'${n.word.replace(/'/g, "''")}'`);
  }
  if (!alternatives.length) return [];
  const relaxed = titleOnly(alternatives.join(' | '));
  const r = await db.execute<{ title: string; n: number }>(sql`
    SELECT title, count(*)::int AS n FROM jobs
     WHERE client_id = ${clientId} AND status = 'open' AND search_vector @@ ${relaxed}::tsquery
     GROUP BY title ORDER BY max(ts_rank(search_vector, ${relaxed}::tsquery)) DESC, n DESC, title LIMIT ${TITLES}`);
  if (r.rows.length) return r.rows;
  const common = await db.execute<{ title: string; n: number }>(sql`
    SELECT title, count(*)::int AS n
      FROM (SELECT title FROM jobs WHERE client_id = ${clientId} AND status = 'open' ORDER BY date_posted DESC, id LIMIT 500) t
     GROUP BY title ORDER BY n DESC, title LIMIT ${TITLES}`);
  return common.rows;
}

export async function findDeadEndHelp(db: Db, input: DeadEndInput): Promise<DeadEnd> {
  const { place, kw } = input;
  if (place && (place.kind === 'point' || place.kind === 'state')) {
    const rows = await nearest(db, input.where, place.lat, place.lng);
    if (rows.length)
      return {
        kind: 'nearest',
        message: place.kind === 'point' ? messages.search.noneWithin(input.radius, place.label) : messages.search.noneIn(place.label),
        rows,
      };
  }
  if (kw) {
    const anywhere = await db.execute<{ found: boolean }>(sql`
      SELECT EXISTS (SELECT 1 FROM jobs WHERE client_id = ${input.clientId} AND status = 'open' AND search_vector @@ ${kw.tsq}::tsquery) AS found`);
    if (!anywhere.rows[0]?.found) {
      const titles = (await closestTitles(db, input.clientId, kw)).map((t) => ({ title: t.title, count: t.n }));
      if (titles.length) return { kind: 'titles', message: messages.search.closestTitles(input.keywords), titles };
    }
  }
  return { kind: 'none', message: input.filtered || kw || place ? messages.search.noneWithFilters : messages.search.noneOpen };
}
