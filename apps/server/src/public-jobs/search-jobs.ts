import { type JobsSummary, SEARCH_LIMITS, type SearchJobsQuery } from '@hh/contract/jobs';
import { getTableColumns, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { jobs } from '../db/schema/jobs.ts';
import { type GeoPoint, geocode, resolveLocationText } from '../geo/index.ts';
import { greatCircle } from './search-geo.ts';
import { executePrepared } from './search-prepared.ts';
import type { JobRow } from '../jobs/index.ts';

const METERS_PER_MILE = 1609.344;

export interface SearchInput extends Partial<SearchJobsQuery> {
  /** Portal lists may include drafts and closed jobs; public search never does. */
  statuses?: Array<'draft' | 'open' | 'closed'>;
}

export interface SearchResult {
  rows: Array<{ row: JobRow; distance: number | null }>;
  totalCount: number;
  summary: JobsSummary;
  location: { label: string; lat: number; lng: number; radius: number } | null;
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

const COLUMNS = Object.entries(getTableColumns(jobs)).map(([key, col]) => ({ key, name: col.name, date: col.columnType === 'PgTimestamp' }));
/** A jobs row from `to_jsonb(jobs)`: column names to drizzle keys, timestamps to Dates. */
function rowFromJson(j: Record<string, unknown>): JobRow {
  const out: Record<string, unknown> = {};
  for (const c of COLUMNS) {
    const v = j[c.name];
    out[c.key] = c.date && typeof v === 'string' ? new Date(v) : (v ?? null);
  }
  return out as JobRow;
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
const wordsCache = memo<Array<{ lex: string; known: boolean; fix: string | null }>>(10_000, 60_000);

export async function resolveSearchLocation(db: Db, input: SearchInput): Promise<GeoPoint | null> {
  if (input.zipcode || input.city) {
    const a = { zipCode: input.zipcode, city: input.city, state: input.state };
    return geoCache(`a:${a.zipCode ?? ''}|${a.city ?? ''}|${a.state ?? ''}`.toLowerCase(), () => geocode(db, a));
  }
  if (input.location) {
    const loc = input.location;
    return geoCache(`t:${loc.trim().toLowerCase()}`, () => resolveLocationText(db, loc));
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

const quoteLexeme = (w: string) => `'${w.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;

/**
 * Typo tolerance (migrations/0103_job_words.sql): every query word that is not in the client's
 * vocabulary is widened to (word | closest known word). When every word is known, the visitor's
 * query keeps its web-search syntax ("quoted phrases", or, -excluded).
 */
export async function tolerantQuery(db: Db, clientId: string, q: string): Promise<SQL | null> {
  const rows = await wordsCache(
    `${clientId}|${q.toLowerCase()}`,
    async () =>
      (
        await db.execute<{ lex: string; known: boolean; fix: string | null }>(sql`
    SELECT w.lex,
           EXISTS (SELECT 1 FROM job_words k WHERE k.client_id = ${clientId} AND k.word = w.lex) AS known,
           (SELECT k.word FROM job_words k WHERE k.client_id = ${clientId} AND k.word % w.lex ORDER BY similarity(k.word, w.lex) DESC, k.word LIMIT 1) AS fix
      FROM unnest(tsvector_to_array(to_tsvector('english', ${q}))) AS w(lex)
     LIMIT 12`)
      ).rows,
  );
  const r = { rows };
  // Only stop words or punctuation: no keyword filter (rather than matching nothing).
  if (!r.rows.length) return null;
  if (r.rows.every((w) => w.known || !w.fix)) return sql`websearch_to_tsquery('english', ${q})`;
  const terms = r.rows.map((w) => (w.known || !w.fix ? quoteLexeme(w.lex) : `(${quoteLexeme(w.lex)} | ${quoteLexeme(w.fix)})`));
  return sql`to_tsquery('simple', ${terms.join(' & ')})`;
}

/**
 * Public job search (issue 3): full text over title (A), department (B) and description (C)
 * with typo tolerance from the client's vocabulary; zip or city radius with an earth_box prefilter on a
 * GiST index (keywords and radius in one index, migration 0105) and the exact great-circle distance;
 * filters; sort; paging; and the jobs-summary facets for the same filter, in one statement over the
 * filtered set (docs/career-sites.md, "Search performance").
 */
export async function searchJobs(db: Db, clientId: string, input: SearchInput): Promise<SearchResult> {
  const q = normaliseKeywords(input);
  const point = await resolveSearchLocation(db, input);
  const wantsLocation = Boolean(input.zipcode || input.city || input.location);
  const radius = Math.min(input.radius ?? SEARCH_LIMITS.defaultRadiusMiles, SEARCH_LIMITS.maxRadiusMiles);
  const pageSize = Math.min(input.pageSize ?? 20, SEARCH_LIMITS.maxPageSize);
  const page = input.page ?? 1;
  const empty: SearchResult = {
    rows: [],
    totalCount: 0,
    summary: { cities: [], departments: [], employmentTypes: [], countries: [], salaries: [], languages: [] },
    location: null,
  };
  // A location that is not in the gazetteer matches nothing (rather than everything).
  if (wantsLocation && !point) return empty;

  const tsq = q ? await tolerantQuery(db, clientId, q) : null;
  const statuses = input.statuses ?? ['open'];
  const where: SQL[] = [sql`client_id = ${clientId}`, sql`status = ANY(${sql.raw(`ARRAY[${statuses.map((s) => `'${s}'`).join(',')}]`)})`];
  if (tsq) where.push(sql`search_vector @@ ${tsq}`);
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
  }
  const deps = list(input.departmentId);
  if (deps.length) where.push(sql`department_id = ANY(${`{${deps.join(',')}}`}::uuid[])`);
  const cats = list(input.categoryId);
  if (cats.length) where.push(sql`category_id = ANY(${`{${cats.join(',')}}`}::uuid[])`);
  const types = list(input.employmentType).filter(Boolean);
  if (types.length)
    where.push(
      sql`employment_type IN (${sql.join(
        types.map((x) => sql`${x}`),
        sql`, `,
      )})`,
    );
  if (input.remote !== undefined) where.push(sql`remote = ${input.remote}`);
  if (input.salaryMin !== undefined) where.push(sql`coalesce(salary_max, salary_min) >= ${input.salaryMin}`);
  if (input.salaryMax !== undefined) where.push(sql`coalesce(salary_min, salary_max) <= ${input.salaryMax}`);
  if (input.excludeJobId) where.push(sql`id <> ${input.excludeJobId}`);

  const rank = tsq ? sql`ts_rank_cd(search_vector, ${tsq})` : sql`0::float8`;
  const sort = input.sort ?? 'relevance';
  const order =
    sort === 'distance' && point
      ? sql`chord ASC, date_posted DESC, id`
      : sort === 'date' || !q
        ? sql`date_posted DESC, id`
        : sql`rank DESC, date_posted DESC, id`;
  const offset = (page - 1) * pageSize;

  // Open jobs with no keywords and no location: f is read twice, from the covering index of
  // migration 0106 (the page in index order, the facets by an index-only scan), rather than
  // materialised (a whole tenant's open jobs, which spilled to disk at 100,000).
  const inline = !tsq && !point && !input.statuses;
  const statement = sql`
    WITH f AS ${inline ? sql`NOT MATERIALIZED` : sql`MATERIALIZED`} (
      SELECT id, city, state, department_id, department_name, employment_type, country, language, date_posted,
             width_bucket(${annual}, ${sql.raw(`ARRAY[${SALARY_BUCKETS.join(',')}]::numeric[]`)}) AS salary_bucket, ${rank} AS rank, ${chordExpr} AS chord
        FROM jobs
       WHERE ${sql.join(where, sql` AND `)}
    ),
    pg AS (SELECT id, ${point ? sql`${greatCircle(sql`chord`)} / ${METERS_PER_MILE}::float8` : sql`NULL::float8`} AS distance, row_number() OVER () AS pos
             FROM (SELECT id, chord FROM f ORDER BY ${order} LIMIT ${pageSize} OFFSET ${offset}) o),
    -- Every facet and the total in one pass over f (one grouping set each, () for the total).
    g AS (
      SELECT GROUPING(city) AS g_city, GROUPING(department_id) AS g_dep, GROUPING(employment_type) AS g_type,
             GROUPING(country) AS g_country, GROUPING(salary_bucket) AS g_salary, GROUPING(language) AS g_lang,
             city, state, department_id, min(department_name) AS department_name, employment_type, country, salary_bucket, language, count(*)::int AS n
        FROM f
       GROUP BY GROUPING SETS ((city, state), (department_id), (employment_type), (country), (salary_bucket), (language), ())
    ),
    facets AS (
      (SELECT 'cities' AS k, city || ', ' || coalesce(state, '') AS v, city || ', ' || coalesce(state, '') AS l, n
         FROM g WHERE g_city = 0 AND city IS NOT NULL ORDER BY n DESC, v LIMIT 25)
      UNION ALL
      (SELECT 'departments', department_id::text, department_name, n FROM g WHERE g_dep = 0 AND department_id IS NOT NULL ORDER BY n DESC, 3, 2 LIMIT 50)
      UNION ALL
      (SELECT 'employmentTypes', employment_type, employment_type, n FROM g WHERE g_type = 0 AND employment_type IS NOT NULL ORDER BY n DESC, 2)
      UNION ALL
      (SELECT 'countries', country, country, n FROM g WHERE g_country = 0 ORDER BY n DESC, 2 LIMIT 50)
      UNION ALL
      (SELECT 'salaries', salary_bucket::text, '', n FROM g WHERE g_salary = 0 AND salary_bucket IS NOT NULL ORDER BY 2)
      UNION ALL
      (SELECT 'languages', language, language, n FROM g WHERE g_lang = 0 ORDER BY n DESC, 2)
    )
    SELECT coalesce((SELECT n FROM g WHERE g_city + g_dep + g_type + g_country + g_salary + g_lang = 6), 0) AS total,
           (SELECT coalesce(json_agg(json_build_object('distance', pg.distance, 'job', to_jsonb(j) - 'search_vector' - 'earth') ORDER BY pg.pos), '[]'::json)
              FROM pg JOIN jobs j ON j.client_id = ${clientId} AND j.id = pg.id) AS page,
           (SELECT coalesce(json_agg(json_build_object('k', k, 'v', v, 'l', l, 'n', n)), '[]'::json) FROM facets) AS facets`;

  const [head] = await executePrepared<{
    total: number;
    page: Array<{ distance: number | null; job: Record<string, unknown> }>;
    facets: Array<{ k: keyof JobsSummary; v: string; l: string; n: number }>;
  }>(db, statement, Boolean(point));
  const summary: JobsSummary = { cities: [], departments: [], employmentTypes: [], countries: [], salaries: [], languages: [] };
  for (const f of head.facets) {
    const label = f.k === 'salaries' ? salaryBucketLabel(Number(f.v)) : f.l;
    summary[f.k].push({ value: f.v, label, count: f.n });
  }
  // The page's rows come back in the same statement (one round trip), as JSON keyed by column name.
  const rows = head.page.map((p) => ({ row: rowFromJson(p.job), distance: p.distance === null ? null : Math.round(p.distance * 10) / 10 }));
  return {
    rows,
    totalCount: head.total,
    summary,
    location: point
      ? { label: point.zip ? `${point.city}, ${point.state} ${point.zip}` : `${point.city}, ${point.state}`, lat: point.lat, lng: point.lng, radius }
      : null,
  };
}
