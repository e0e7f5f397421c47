import type { Deps } from '../core/deps.ts';
import { type JobsSummary, SEARCH_LIMITS, type SearchJobsQuery } from '@hh/contract/jobs';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { type GeoPoint, geocode, type Place, understandPlace } from '../geo/index.ts';
import { frequentSearches } from '../job-analytics/index.ts';
import type { JobRow } from '../jobs/index.ts';
import type { FillTicket } from '../plugins/page-cache.ts';
import { synonymIndex } from '../search-synonyms/index.ts';
import { type DeadEnd, findDeadEndHelp } from './dead-ends.ts';
import { rowFromJson } from './job-json.ts';
import { greatCircle } from './search-geo.ts';
import { type Counted, followChanges, PROVISIONAL_MIN_MATCHES, RANKED_IDS, recall, remember, searchTicket } from './search-memory.ts';
import { executePrepared } from './search-prepared.ts';
import { pageByIds, type SearchParts, searchStatement } from './search-statement.ts';
import { type KeywordQuery, understandKeywords } from './understand-keywords.ts';

const METERS_PER_MILE = 1609.344;

export interface SearchInput extends Partial<SearchJobsQuery> {
  /** Portal lists may include drafts and closed jobs; public search never does. */
  statuses?: Array<'draft' | 'open' | 'closed'>;
  /** When nothing matches, look for the nearest jobs or the closest titles (default true; similar jobs do not). */
  deadEnds?: boolean;
}

export interface SearchLocation {
  label: string;
  lat: number | null;
  lng: number | null;
  /** Miles around the point; null for a state, a country or remote work (no distance). */
  radius: number | null;
  kind: Place['kind'];
  /** The text was read as another place than it spells ("Chicgo" as Chicago, IL). */
  corrected: boolean;
}

export interface SearchResult {
  rows: Array<{ row: JobRow; distance: number | null }>;
  totalCount: number;
  summary: JobsSummary;
  location: SearchLocation | null;
  /** A location text that names no known place: the results are from every location. */
  unknownLocation: string | null;
  /** Synonyms searched besides the words typed ("registered nurse" for "RN"). */
  synonyms: string[];
  /** When nothing matched: the nearest matching jobs, or the closest job titles (never a dead end). */
  deadEnd: DeadEnd | null;
}

interface Head extends Record<string, unknown> {
  total: number;
  page: Array<{ distance: number | null; job: Record<string, unknown> }>;
  facets: Counted['facets'];
  ranked: string[] | null;
}

const list = <T>(v: T | T[] | undefined): T[] => (v === undefined ? [] : Array.isArray(v) ? v : [v]);

/** Keywords: bounded length, control characters dropped. websearch_to_tsquery accepts any text. */
export function normaliseKeywords(input: SearchInput): string {
  const raw = input.keywords ?? input.q ?? input.search ?? '';
  return (
    raw
      // biome-ignore lint/suspicious/noControlCharactersInRegex: stripping control characters on purpose
      .replace(/[\u0000-\u001f\u007f]/g, ' ')
      .replace(/\s+/g, ' ')
      .trim()
      .slice(0, SEARCH_LIMITS.maxQueryChars)
  );
}

/** A small bounded cache: the gazetteer never changes at run time; a vocabulary may lag writes by a minute. */
function memo<T>(max: number, ttlMs: number) {
  const m = new Map<string, { v: T; at: number }>();
  return async (key: string, load: () => Promise<T>): Promise<T> => {
    const hit = m.get(key);
    if (hit && Date.now() - hit.at < ttlMs) return hit.v;
    const v = await load();
    if (m.size >= max) m.delete(m.keys().next().value as string);
    m.set(key, { v, at: Date.now() });
    return v;
  };
}
const geoCache = memo<GeoPoint | null>(10_000, 24 * 3600_000);
const placeCache = memo<Place | null>(10_000, 10 * 60_000);
const keywordCache = memo<KeywordQuery | null>(10_000, 60_000);

/** The keyword box understood (synonyms, typos), cached a minute per client, query and synonym list. */
export async function keywordQuery(db: Db, clientId: string, q: string): Promise<KeywordQuery | null> {
  const index = await synonymIndex({ db }, { clientId });
  return keywordCache(`${clientId}|${index.version}|${q.toLowerCase()}`, () => understandKeywords(db, clientId, q, index));
}

const pointOf = (g: GeoPoint): Place => ({
  kind: 'point',
  ...g,
  label: g.zip ? `${g.city}, ${g.state} ${g.zip}` : `${g.city}, ${g.state}`,
  corrected: false,
});

/**
 * The place to search around: zipcode or city and state (the API's fields), or the location box's
 * free text understood (geo/understand-place.ts). Cached: the gazetteer never changes at run time, and
 * which of two same-named cities has the client's jobs changes rarely.
 */
export async function resolveSearchLocation(db: Db, clientId: string, input: SearchInput): Promise<Place | null> {
  if (input.zipcode || input.city) {
    const a = { zipCode: input.zipcode, city: input.city, state: input.state };
    const g = await geoCache(`a:${a.zipCode ?? ''}|${a.city ?? ''}|${a.state ?? ''}`.toLowerCase(), () => geocode({ db }, a));
    return g ? pointOf(g) : null;
  }
  if (input.location) {
    const loc = input.location;
    return placeCache(`${clientId}|${loc.trim().toLowerCase()}`, () => understandPlace({ db }, { text: loc, clientId }));
  }
  return null;
}

const annual = sql.raw(
  `(CASE salary_period WHEN 'HOUR' THEN 2080 WHEN 'DAY' THEN 260 WHEN 'WEEK' THEN 52 WHEN 'MONTH' THEN 12 ELSE 1 END) * coalesce(salary_min, salary_max)`,
);
export const SALARY_BUCKETS = [0, 30000, 50000, 75000, 100000, 150000] as const;
const money = (n: number) => `$${n.toLocaleString('en-US')}`;
export function salaryBucketLabel(i: number): string {
  const lo = SALARY_BUCKETS[i - 1] ?? 0;
  const hi = SALARY_BUCKETS[i];
  return hi === undefined ? `${money(lo)}+` : lo === 0 ? `Under ${money(hi)}` : `${money(lo)} - ${money(hi)}`;
}

/**
 * Public job search: full text over title (A), department (B) and description (C)
 * with typo tolerance from the client's vocabulary; zip or city radius with an earth_box prefilter on a
 * GiST index (keywords and radius in one index, migration 0105) and the exact great-circle distance;
 * filters; sort; paging; and the jobs-summary facets for the same filter, in one statement over the
 * filtered set (docs/career-sites.md, "Search performance").
 */
export async function searchJobs({ db }: Pick<Deps, 'db'>, input: SearchInput & { clientId: string }): Promise<SearchResult> {
  const { clientId } = input;
  const q = normaliseKeywords(input);
  const place = await resolveSearchLocation(db, clientId, input);
  const radius = Math.min(input.radius ?? SEARCH_LIMITS.defaultRadiusMiles, SEARCH_LIMITS.maxRadiusMiles);
  const pageSize = Math.min(input.pageSize ?? 20, SEARCH_LIMITS.maxPageSize);
  const page = input.page ?? 1;
  const empty: SearchResult = {
    rows: [],
    totalCount: 0,
    summary: { cities: [], departments: [], employmentTypes: [], countries: [], salaries: [], languages: [] },
    location: null,
    unknownLocation: null,
    synonyms: [],
    deadEnd: null,
  };
  // A zipcode or city field (the API's own) that is not in the gazetteer matches nothing. A location
  // box text that names no known place is said on the page, and the search runs everywhere instead.
  if ((input.zipcode || input.city) && !place) return empty;
  const unknownLocation = !place && input.location?.trim() ? input.location.trim() : null;

  const kw = q ? await keywordQuery(db, clientId, q) : null;
  const tsq = kw ? sql`${kw.tsq}::tsquery` : null;
  const statuses = input.statuses ?? ['open'];
  // `base`: every condition but the place, for the nearest jobs when the place has none (dead-ends.ts).
  const base: SQL[] = [sql`client_id = ${clientId}`, sql`status = ANY(${sql.raw(`ARRAY[${statuses.map((s) => `'${s}'`).join(',')}]`)})`];
  if (tsq) base.push(sql`search_vector @@ ${tsq}`);
  const where: SQL[] = [];
  const point = place?.kind === 'point' ? place : null;
  // Distance: f keeps the straight-line (chord) distance through the earth, cube_distance, a cheap C
  // function; it is turned into the great-circle distance with the same float8 arithmetic as
  // earthdistance's sec_to_gc (earth_distance = sec_to_gc(cube_distance)), written inline because
  // the SQL function is not inlined there and cost about 2 µs a row (search-geo.ts).
  let chordExpr: SQL = sql`NULL::float8`;
  if (point) {
    const meters = radius * METERS_PER_MILE;
    // A sub-select: computed once per statement even in a generic plan of the prepared statement.
    const origin = sql`(SELECT ll_to_earth(${point.lat}::float8, ${point.lng}::float8))`;
    chordExpr = sql`cube_distance(${origin}, earth)`;
    // With keywords the radius and the tsquery are checked together in one GiST index over
    // (client_id, earth, search_vector) (migration 0105): only rows whose tsvector signature matches
    // are read from the table, instead of every open job inside the box.
    where.push(sql`earth IS NOT NULL`);
    where.push(sql`earth_box(${origin}, ${meters}::float8) @> earth`);
    where.push(sql`${greatCircle(chordExpr)} <= ${meters}::float8`);
  } else if (place?.kind === 'state') where.push(sql`state IN (${place.code}, ${place.name})`);
  else if (place?.kind === 'country') where.push(sql`country = ${place.code}`);
  else if (place?.kind === 'remote') where.push(sql`remote = true`);
  const deps = list(input.departmentId);
  if (deps.length) base.push(sql`department_id = ANY(${`{${deps.join(',')}}`}::uuid[])`);
  const cats = list(input.categoryId);
  if (cats.length) base.push(sql`category_id = ANY(${`{${cats.join(',')}}`}::uuid[])`);
  const types = list(input.employmentType).filter(Boolean);
  if (types.length)
    base.push(
      sql`employment_type IN (${sql.join(
        types.map((x) => sql`${x}`),
        sql`, `,
      )})`,
    );
  if (input.remote !== undefined) base.push(sql`remote = ${input.remote}`);
  if (input.salaryMin !== undefined) base.push(sql`coalesce(salary_max, salary_min) >= ${input.salaryMin}`);
  if (input.salaryMax !== undefined) base.push(sql`coalesce(salary_min, salary_max) <= ${input.salaryMax}`);
  if (input.excludeJobId) base.push(sql`id <> ${input.excludeJobId}`);

  const filtered = base.length > (tsq ? 3 : 2);
  where.unshift(...base);

  // Title matches first: a title word (weight A) counts 250 times a description word (C), so a job whose
  // title matches outranks any that only mention the words, in the one ranking call per row there was
  // before (a separate title test per row cost a second pass over every match's tsvector).
  const rank = tsq ? sql`ts_rank_cd('{0.001, 0.002, 0.004, 1.0}'::float4[], search_vector, ${tsq})` : sql`0::float8`;
  const sort = input.sort ?? 'relevance';
  const order =
    sort === 'distance' && point
      ? sql`chord ASC, date_posted DESC, id`
      : sort === 'date' || !q
        ? sql`date_posted DESC, id`
        : sql`rank DESC, date_posted DESC, id`;
  const offset = (page - 1) * pageSize;
  // The total and facets depend on the filter alone (not the page or order): remembered per data version.
  // Keywords in any case are one filter (the text search ignores case).
  const filterKey = JSON.stringify([
    q.toLowerCase(),
    place ? [place, radius] : null,
    deps,
    cats,
    types,
    input.remote,
    input.salaryMin,
    input.salaryMax,
    input.excludeJobId,
    statuses,
  ]);
  const orderKey = sort === 'distance' && point ? 'distance' : sort === 'date' || !q ? 'date' : 'relevance';
  const parts: SearchParts = {
    clientId,
    where,
    salaryBucket: sql`width_bucket(${annual}, ${sql.raw(`ARRAY[${SALARY_BUCKETS.join(',')}]::numeric[]`)})`,
    rank,
    chord: chordExpr,
    order,
    point: Boolean(point),
    // Open jobs with no keywords and no location: f is read twice, from the covering index of
    // migration 0106 (the page in index order, the facets by an index-only scan), rather than
    // materialised (a whole tenant's open jobs, which spilled to disk at 100,000).
    inline: !tsq && !place && !input.statuses,
  };
  // Keyword searches rank every match for each page: the first pages' ids are remembered (search-memory.ts).
  const rankable = Boolean(tsq) && !point && offset + pageSize <= RANKED_IDS;
  const read = async (ticket: FillTicket | null, count: boolean) => {
    const ranked = rankable && ticket ? RANKED_IDS : null;
    const [head] = await executePrepared<Head>(db, searchStatement(parts, { count, offset, limit: pageSize, ranked }), Boolean(point));
    const counted = count ? { total: head.total, facets: head.facets } : null;
    remember(db, ticket, filterKey, orderKey, counted, head.ranked);
    return { head, counted };
  };
  const ticket = searchTicket(db, clientId);
  // A large filter shortly after a change: the previous count answers while it is counted again.
  const known = recall(db, ticket, filterKey, orderKey, async () => {
    await read(searchTicket(db, clientId), true);
  });
  let head: Head;
  let counted: Counted;
  if (known.counted && known.ranked) {
    [head] = await executePrepared<Head>(db, pageByIds(clientId, known.ranked.slice(offset, offset + pageSize), statuses));
    counted = known.counted;
  } else {
    const r = await read(known.provisional ? null : ticket, !known.counted);
    head = r.head;
    counted = known.counted ?? (r.counted as Counted);
  }
  const summary: JobsSummary = { cities: [], departments: [], employmentTypes: [], countries: [], salaries: [], languages: [] };
  for (const f of counted.facets) {
    const label = f.k === 'salaries' ? salaryBucketLabel(Number(f.v)) : f.l;
    summary[f.k].push({ value: f.v, label, count: f.n });
  }
  // The page's rows come back in the same statement (one round trip), as JSON keyed by column name.
  const rows = head.page.map((p) => ({ row: rowFromJson(p.job), distance: p.distance === null ? null : Math.round(p.distance * 10) / 10 }));
  const deadEnd =
    counted.total === 0 && page === 1 && input.deadEnds !== false
      ? await findDeadEndHelp(db, { clientId, where: base, place, radius, keywords: q, kw, filtered })
      : null;
  return {
    rows,
    totalCount: counted.total,
    summary,
    location: place ? locationOf(place, radius) : null,
    unknownLocation,
    synonyms: kw?.synonyms ?? [],
    deadEnd,
  };
}

/** Clients warmed at most when the page cache starts afresh, those with the most open jobs first. */
const WARM_CLIENTS = 20;
/** Of each, its most frequent recent searches warmed besides the whole list, from its last WARM_EVENTS searches. */
const WARM_SEARCHES = 5;
const WARM_EVENTS = 5_000;

/**
 * Keeps the search memory (search-memory.ts) ahead of visitors, from the app's start: after a change
 * of a client's jobs its large filters are recounted in the background, and whenever the page cache
 * starts afresh each large client (at least PROVISIONAL_MIN_MATCHES open jobs, where counting takes
 * longest: about 200 ms for the whole list at 100,000 jobs) has its whole open list and its most
 * frequent recent searches (keywords and place, from the site's own search events) counted before
 * their first visitor asks, one search at a time, and kept counted by the same searches every
 * REWARM_MS (search-memory.ts). Returns what stops it.
 */
export function followSearchChanges({ db }: Pick<Deps, 'db'>, _input: Record<string, never> = {}): () => void {
  return followChanges(db, async () => {
    const { rows } = await db.execute<{ client_id: string }>(sql`
      SELECT client_id FROM jobs WHERE status = 'open'
       GROUP BY client_id HAVING count(*) >= ${PROVISIONAL_MIN_MATCHES}
       ORDER BY count(*) DESC LIMIT ${WARM_CLIENTS}`);
    for (const { client_id: clientId } of rows) {
      await searchJobs({ db }, { clientId, pageSize: 20 });
      const frequent = await frequentSearches({ db }, { clientId, limit: WARM_SEARCHES, sample: WARM_EVENTS });
      for (const f of frequent) await searchJobs({ db }, { clientId, pageSize: 20, keywords: f.keywords ?? undefined, location: f.location ?? undefined });
    }
  });
}

function locationOf(place: Place, radius: number): SearchLocation {
  const at = place.kind === 'point' || place.kind === 'state' ? { lat: place.lat, lng: place.lng } : { lat: null, lng: null };
  return { label: place.label, ...at, radius: place.kind === 'point' ? radius : null, kind: place.kind, corrected: place.corrected };
}
