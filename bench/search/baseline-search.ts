// The search statement as committed before the performance work (963b444), kept so bench/search/run.ts
// can time it against the current one in the same run, interleaved, under the same machine load.
// Not used by the server.
import { type JobsSummary, SEARCH_LIMITS, type SearchJobsQuery } from '@hh/contract/jobs';
import { getTableColumns, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../apps/server/src/db/client.ts';
import { jobs } from '../../apps/server/src/db/schema/jobs.ts';
import { type GeoPoint, geocode, resolveLocationText } from '../../apps/server/src/geo/index.ts';
import type { JobRow } from '../../apps/server/src/jobs/serialize.ts';

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
    return geoCache(`a:${a.zipCode ?? ''}|${a.city ?? ''}|${a.state ?? ''}`.toLowerCase(), () => geocode({ db }, a));
  }
  if (input.location) {
    const loc = input.location;
    return geoCache(`t:${loc.trim().toLowerCase()}`, () => resolveLocationText({ db }, { text: loc }));
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
 * Public job search: full text over title (A), department (B) and description (C)
 * with typo tolerance from the client's vocabulary; zip or city radius with an earth_box prefilter on a
 * GiST index and exact earth_distance; filters; sort; paging; and the jobs-summary facets for the
 * same filter, in one statement over a materialised filtered set.
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
  let distanceExpr: SQL = sql`NULL::float8`;
  let source: SQL = sql`jobs`;
  if (point) {
    const meters = radius * METERS_PER_MILE;
    const origin = sql`ll_to_earth(${point.lat}::float8, ${point.lng}::float8)`;
    // Geo first: within a city-sized radius the GiST box prefilter leaves a few thousand rows at
    // most, cheaper to check against the tsquery row by row than to intersect with the GIN bitmap
    // of a common word across the whole table (OFFSET 0 keeps the planner from merging the two).
    if (tsq && radius <= 150 && !input.statuses) {
      source = sql`(SELECT * FROM jobs WHERE client_id = ${clientId} AND status = 'open' AND lat IS NOT NULL
                     AND earth IS NOT NULL AND earth_box(${origin}, ${meters}::float8) @> earth OFFSET 0) AS jobs`;
    }
    where.push(sql`earth IS NOT NULL`);
    where.push(sql`earth_box(${origin}, ${meters}::float8) @> earth`);
    where.push(sql`earth_distance(${origin}, earth) <= ${meters}::float8`);
    distanceExpr = sql`earth_distance(${origin}, earth) / ${METERS_PER_MILE}::float8`;
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
      ? sql`distance ASC, date_posted DESC, id`
      : sort === 'date' || !q
        ? sql`date_posted DESC, id`
        : sql`rank DESC, date_posted DESC, id`;
  const offset = (page - 1) * pageSize;

  const statement = sql`
    WITH f AS MATERIALIZED (
      SELECT id, city, state, department_id, department_name, employment_type, country, language, date_posted,
             ${annual} AS annual_salary, ${rank} AS rank, ${distanceExpr} AS distance
        FROM ${source}
       WHERE ${sql.join(where, sql` AND `)}
    ),
    pg AS (SELECT id, distance, row_number() OVER () AS pos FROM (SELECT id, distance FROM f ORDER BY ${order} LIMIT ${pageSize} OFFSET ${offset}) o),
    facets AS (
      (SELECT 'cities' AS k, city || ', ' || coalesce(state, '') AS v, city || ', ' || coalesce(state, '') AS l, count(*)::int AS n
         FROM f WHERE city IS NOT NULL GROUP BY city, state ORDER BY n DESC, v LIMIT 25)
      UNION ALL
      (SELECT 'departments', department_id::text, min(department_name), count(*)::int AS n
         FROM f WHERE department_id IS NOT NULL GROUP BY department_id ORDER BY n DESC LIMIT 50)
      UNION ALL
      (SELECT 'employmentTypes', employment_type, employment_type, count(*)::int AS n FROM f WHERE employment_type IS NOT NULL GROUP BY employment_type ORDER BY n DESC)
      UNION ALL
      (SELECT 'countries', country, country, count(*)::int AS n FROM f GROUP BY country ORDER BY n DESC LIMIT 50)
      UNION ALL
      (SELECT 'salaries', width_bucket(annual_salary, ${sql.raw(`ARRAY[${SALARY_BUCKETS.join(',')}]::numeric[]`)})::text, '', count(*)::int AS n
         FROM f WHERE annual_salary IS NOT NULL GROUP BY 2 ORDER BY 2)
      UNION ALL
      (SELECT 'languages', language, language, count(*)::int AS n FROM f GROUP BY language ORDER BY n DESC)
    )
    SELECT (SELECT count(*)::int FROM f) AS total,
           (SELECT coalesce(json_agg(json_build_object('distance', pg.distance, 'job', to_jsonb(j) - 'search_vector' - 'earth') ORDER BY pg.pos), '[]'::json)
              FROM pg JOIN jobs j ON j.client_id = ${clientId} AND j.id = pg.id) AS page,
           (SELECT coalesce(json_agg(json_build_object('k', k, 'v', v, 'l', l, 'n', n)), '[]'::json) FROM facets) AS facets`;

  const res = await db.execute<{
    total: number;
    page: Array<{ distance: number | null; job: Record<string, unknown> }>;
    facets: Array<{ k: keyof JobsSummary; v: string; l: string; n: number }>;
  }>(statement);
  const head = res.rows[0];
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
