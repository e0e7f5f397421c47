import { type SQL, sql } from 'drizzle-orm';
import { greatCircle } from './search-geo.ts';

const METERS_PER_MILE = 1609.344;

/** The parts of a job search that search-jobs.ts has worked out from its input. */
export interface SearchParts {
  clientId: string;
  /** Every condition of the filter, the place's included. */
  where: SQL[];
  /** Columns of f: the salary bucket, the rank and the chord (straight-line distance) of each match. */
  salaryBucket: SQL;
  rank: SQL;
  chord: SQL;
  /** The page's order over f. */
  order: SQL;
  point: boolean;
  /** f read twice from the open-jobs covering index rather than materialised (no keyword, no place). */
  inline: boolean;
}

export interface SearchRead {
  /** Count the total and the facets. */
  count: boolean;
  /** The page's rows: `limit` matches in order after `offset`. */
  offset: number;
  limit: number;
  /** Also return the ids of the first `ranked` matches in order (and take the page from them). */
  ranked: number | null;
}

const facetCtes = sql`
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
    )`;

/** The job rows of `pg` (id, distance, pos) in page order, as JSON, read from jobs by key. */
const pageJson = (clientId: string, extra: SQL = sql``) => sql`
  (SELECT coalesce(json_agg(json_build_object('distance', pg.distance, 'job', to_jsonb(j) - 'search_vector' - 'earth') ORDER BY pg.pos), '[]'::json)
     FROM pg JOIN jobs j ON j.client_id = ${clientId} AND j.id = pg.id${extra})`;

/**
 * One statement: the page's rows and, when asked, the total and the facets for the same filter, and
 * the ids of the first matches in order (search-memory.ts). Counting reads f once, materialised;
 * otherwise f is inlined into the page's top-N sort.
 */
export function searchStatement(p: SearchParts, read: SearchRead): SQL {
  const materialise = read.count && !p.inline;
  const distance = p.point ? sql`${greatCircle(sql`chord`)} / ${METERS_PER_MILE}::float8` : sql`NULL::float8`;
  const top = read.ranked ?? read.limit;
  const skip = read.ranked === null ? read.offset : 0;
  const ctes: SQL[] = [
    sql`f AS ${materialise ? sql`MATERIALIZED` : sql`NOT MATERIALIZED`} (
      SELECT id, city, state, department_id, department_name, employment_type, country, language, date_posted,
             ${p.salaryBucket} AS salary_bucket, ${p.rank} AS rank, ${p.chord} AS chord
        FROM jobs
       WHERE ${sql.join(p.where, sql` AND `)}
    )`,
    sql`o AS (SELECT id, ${distance} AS distance, row_number() OVER () AS pos
             FROM (SELECT id, chord FROM f ORDER BY ${p.order} LIMIT ${top} OFFSET ${skip}) s)`,
    read.ranked === null ? sql`pg AS (SELECT * FROM o)` : sql`pg AS (SELECT * FROM o WHERE pos > ${read.offset} AND pos <= ${read.offset + read.limit})`,
  ];
  if (read.count) ctes.push(facetCtes);
  return sql`
    WITH ${sql.join(ctes, sql`, `)}
    SELECT ${read.count ? sql`coalesce((SELECT n FROM g WHERE g_city + g_dep + g_type + g_country + g_salary + g_lang = 6), 0)` : sql`NULL::int`} AS total,
           ${pageJson(p.clientId)} AS page,
           ${read.count ? sql`(SELECT coalesce(json_agg(json_build_object('k', k, 'v', v, 'l', l, 'n', n)), '[]'::json) FROM facets)` : sql`'[]'::json`} AS facets,
           ${read.ranked === null ? sql`NULL::json` : sql`(SELECT coalesce(json_agg(id ORDER BY pos), '[]'::json) FROM o)`} AS ranked`;
}

/**
 * A page of a remembered ranking: its jobs read by key, in the remembered order, only those still
 * in the searched statuses (a job closed since leaves the page at once).
 */
export function pageByIds(clientId: string, ids: string[], statuses: string[]): SQL {
  return sql`
    WITH pg AS (SELECT u.id, NULL::float8 AS distance, u.pos FROM unnest(${`{${ids.join(',')}}`}::uuid[]) WITH ORDINALITY AS u(id, pos))
    SELECT NULL::int AS total, ${pageJson(clientId, sql` AND j.status = ANY(${`{${statuses.join(',')}}`}::text[])`)} AS page,
           '[]'::json AS facets, NULL::json AS ranked`;
}
