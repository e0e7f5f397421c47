import type { CrmCandidatesQuery } from '@hh/contract/crm';
import { messages } from '@hh/contract/messages';
import { asc, desc, getTableColumns, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { candidates } from '../../db/schema/candidates.ts';
import { geoCellsAround, lookupZip } from '../../geo/index.ts';
import { badRequest } from '../../lib/app-error.ts';
import { type CandidateRow, pgTextArray, pgUuidArray } from '../serialize.ts';
import { parseQuery, positiveTerms, toTsQuery } from './boolean-query.ts';
import { cappedTotal, countCandidates, EXACT_COUNT_UP_TO, estimateCandidates, estimateLiveCandidates } from './count-candidates.ts';
import { PROBE_ROWS, probeNewest } from './newest-probe.ts';
import { highlightFromMarkers, highlightText } from './highlight.ts';
import { type Correction, tolerateTypos } from './typo-tolerance.ts';

const METERS_PER_MILE = 1609.344;

export interface SearchOutcome {
  rows: CandidateRow[];
  totalCount: number;
  /** True when the total is the planner's estimate (more than EXACT_COUNT_UP_TO matches). */
  totalCountEstimated: boolean;
  extra: Map<string, { highlight?: string; distance?: number | null }>;
  /** Misspelled words of the query and the known words they were widened to. */
  corrections: Correction[];
}

/** The WHERE clause of a candidate search: tenant first, then every filter (all parameters). */
export async function candidateFilters(db: Db, clientId: string, userId: string | null, q: Partial<CrmCandidatesQuery>) {
  const where: SQL[] = [sql`${candidates.clientId} = ${clientId}`, sql`${candidates.mergedInto} IS NULL`];
  const asWritten = q.searchQuery ? parseQuery(q.searchQuery) : null;
  // Misspelled words are widened to close known words (typo-tolerance.ts); `exact` is the query as
  // written. The zip code's place is read meanwhile (two round trips at once, not one after the other).
  const [tolerant, zip] = await Promise.all([
    asWritten ? tolerateTypos(db, clientId, asWritten) : { tree: null, corrections: [] },
    q.zipCode ? lookupZip({ db }, { zip: q.zipCode }) : null,
  ]);
  const tree = tolerant.tree;
  const tsq = tree ? toTsQuery(tree) : null;
  const exact = asWritten && tolerant.corrections.length ? toTsQuery(asWritten) : null;
  // With keywords, statuses, sources and cells are written as ARRAY[x] && '{…}' so that one scan of
  // candidates_search_facets_idx intersects them with the words (decision 0541); without, the btree
  // indexes and the newest-first walk serve them better.
  const inGin = (col: SQL, list: SQL) => (tsq ? sql`ARRAY[${col}] && ${list}` : sql`${col} = ANY(${list})`);
  // The conditions on status, source and grid cell alone: the newest-first probe tests them on the
  // entries of candidates_live_created_facets_idx before it reads a row (newest-probe.ts).
  const onIndex: SQL[] = [];
  const push = (c: SQL, indexed = false) => {
    where.push(c);
    if (indexed) onIndex.push(c);
  };
  if (q.status?.length) push(inGin(sql`status`, sql`${pgTextArray(q.status)}::text[]`), true);
  if (q.source?.length) push(inGin(sql`source`, sql`${pgTextArray(q.source)}::text[]`), true);
  if (q.tags?.length) where.push(sql`${candidates.tags} && ${pgTextArray(q.tags)}::text[]`);
  if (q.skills?.length) where.push(sql`${candidates.skills} && ${pgTextArray(q.skills)}::text[]`);
  if (q.city?.length) where.push(sql`lower(${candidates.city}) = ANY(${pgTextArray(q.city.map((c) => c.toLowerCase()))}::text[])`);
  if (q.state?.length) where.push(sql`upper(${candidates.state}) = ANY(${pgTextArray(q.state.map((c) => c.toUpperCase()))}::text[])`);
  if (q.createdFrom) where.push(sql`${candidates.createdAt} >= ${q.createdFrom}::date`);
  if (q.createdTo) where.push(sql`${candidates.createdAt} < ${q.createdTo}::date + 1`);
  if (q.favorites && userId)
    where.push(
      sql`EXISTS (SELECT 1 FROM candidate_favorites f WHERE f.client_id = ${clientId} AND f.candidate_id = ${candidates.id} AND f.user_id = ${userId})`,
    );
  // `assignedJobs=true` / `false`: assigned to any job / to none (the portal's "has applied" filter);
  // otherwise a list of job ids.
  const anyJob = q.assignedJobs?.length === 1 ? q.assignedJobs[0].toLowerCase() : '';
  if (anyJob === 'true' || anyJob === 'false')
    where.push(
      sql`${sql.raw(anyJob === 'true' ? '' : 'NOT ')}EXISTS (SELECT 1 FROM applications a WHERE a.client_id = ${clientId} AND a.candidate_id = ${candidates.id})`,
    );
  else if (q.assignedJobs?.length) {
    const ids = q.assignedJobs.filter((x) => /^[0-9a-f-]{36}$/i.test(x));
    if (ids.length !== q.assignedJobs.length) throw badRequest('assignedJobs', messages.recruiting.candidatesFetchError);
    where.push(
      sql`EXISTS (SELECT 1 FROM applications a WHERE a.client_id = ${clientId} AND a.candidate_id = ${candidates.id} AND a.job_id = ANY(${pgUuidArray(ids)}::uuid[]))`,
    );
  }
  if (q.listId)
    where.push(
      sql`EXISTS (SELECT 1 FROM candidate_list_members m WHERE m.client_id = ${clientId} AND m.list_id = ${q.listId} AND m.candidate_id = ${candidates.id})`,
    );
  let center: { lat: number; lng: number } | null = null;
  if (q.zipCode) {
    const z = zip;
    if (!z) throw badRequest('zipCode', messages.recruiting.zipValidationError);
    center = z;
    const miles = q.radius ?? 25;
    const meters = miles * METERS_PER_MILE;
    // The grid cells that cover the circle (decision 0541: the planner has statistics for them, not for
    // a cube box), then the exact distance. A very wide radius falls back to the box.
    const cells = geoCellsAround(z.lat, z.lng, miles);
    if (cells) push(inGin(sql`geo_cell`, sql`${`{${cells.join(',')}}`}::int[]`), true);
    else where.push(sql`earth_box(ll_to_earth(${z.lat}, ${z.lng}), ${meters}) @> earth`);
    where.push(sql`earth_distance(ll_to_earth(${z.lat}, ${z.lng}), earth) <= ${meters}`);
  }
  // The words last: the newest-first probe tests each row with this expression from left to right, and
  // the cheap columns rule most rows out before their (large, compressed) word list is read.
  if (tsq) where.push(sql`search_vector @@ ${tsq}`);
  // More than the tenant and the live-list conditions: a search or a filter.
  const filtered = where.length > 2;
  return {
    where: sql.join(where, sql` AND `),
    onIndex: onIndex.length ? sql.join(onIndex, sql` AND `) : null,
    tsq,
    tree,
    center,
    exact,
    corrections: tolerant.corrections,
    filtered,
  };
}

/**
 * Candidate search and list (001 §7 `GET api/get-candidates`, `GET api/crm/candidates`): full text
 * with the boolean syntax, facet filters, radius around a zip code, sort and offset paging on
 * indexes that lead with client_id. Page rows get a highlighted snippet showing why they matched.
 */
export async function searchCandidates(db: Db, opts: { clientId: string; userId: string | null; query: Partial<CrmCandidatesQuery> }): Promise<SearchOutcome> {
  const q = opts.query;
  const { where, onIndex, tsq, tree, center, exact, corrections, filtered } = await candidateFilters(db, opts.clientId, opts.userId, q);
  const pageSize = q.pageSize ?? 25;
  const offset = ((q.pageNumber ?? 1) - 1) * pageSize;
  const dir = q.sortDir === 'asc' ? asc : desc;
  const distance = center ? sql<number>`earth_distance(ll_to_earth(${center.lat}, ${center.lng}), earth) / ${METERS_PER_MILE}` : sql<null>`NULL::float8`;
  const sortBy = q.sortBy ?? 'createdAt';
  let order: SQL[];
  if (sortBy === 'relevance' && tsq) order = [sql`ts_rank_cd(search_vector, ${tsq}) DESC`, desc(candidates.createdAt)];
  else if (sortBy === 'distance' && center) order = [sql`${distance} ${q.sortDir === 'desc' ? sql`DESC` : sql`ASC`}`];
  else if (sortBy === 'firstName') order = [dir(sql`lower(${candidates.firstName})`), dir(sql`lower(${candidates.lastName})`)];
  else if (sortBy === 'lastName') order = [dir(sql`lower(${candidates.lastName})`), dir(sql`lower(${candidates.firstName})`)];
  else if (sortBy === 'email') order = [dir(sql`lower(${candidates.email})`)];
  else if (sortBy === 'status') order = [dir(candidates.status), desc(candidates.createdAt)];
  else if (sortBy === 'source') order = [dir(candidates.source), desc(candidates.createdAt)];
  else if (sortBy === 'updatedAt') order = [dir(candidates.updatedAt)];
  else order = [dir(candidates.createdAt)];
  order.push(dir(candidates.id));
  // With a corrected word, candidates matching the query as written come first, whatever the sort.
  if (exact) order.unshift(sql`(search_vector @@ ${exact}) DESC`);

  // The first pages of a filtered, newest-first search: the newest candidates first (newest-probe.ts).
  // The planner's estimate of the matches (no rows read): it decides the probe and the count.
  // Both estimates are plans, not reads; they are asked at once.
  const mayProbe = filtered && sortBy === 'createdAt' && !exact && offset + pageSize <= PROBE_ROWS / 20;
  const [estimate, clientRows] = filtered
    ? await Promise.all([estimateCandidates(db, where), mayProbe ? estimateLiveCandidates(db, opts.clientId) : 0])
    : [undefined, 0];
  const probe =
    estimate !== undefined && mayProbe
      ? await probeNewest(db, {
          clientId: opts.clientId,
          where,
          onIndex,
          dir: q.sortDir === 'asc' ? 'asc' : 'desc',
          offset,
          pageSize,
          matchEstimate: estimate,
          clientRows,
        })
      : null;
  let pageIds: SQL | string[];
  let count: { totalCount: number; estimated: boolean } | null = null;
  if (probe) {
    pageIds = probe.ids;
    if (probe.totalCount >= 0) count = { totalCount: probe.totalCount, estimated: probe.estimated };
  } else if (estimate !== undefined && offset + pageSize <= EXACT_COUNT_UP_TO + 1 && estimate <= EXACT_COUNT_UP_TO) {
    // Few matches expected: one read gives the page and the (capped) total; the planner reads and
    // sorts every match for a page of 25 anyway, so reading 1,001 costs the same.
    const first = await db
      .select({ id: candidates.id })
      .from(candidates)
      .where(where)
      .orderBy(...order)
      .limit(EXACT_COUNT_UP_TO + 1);
    pageIds = first.slice(offset, offset + pageSize).map((r) => r.id);
    count = cappedTotal(first.length, estimate);
  } else {
    // Ids first (a deep page is read from an index alone), then the page's rows.
    pageIds = db
      .select({ id: candidates.id })
      .from(candidates)
      .where(where)
      .orderBy(...order)
      .limit(pageSize)
      .offset(offset)
      .getSQL();
  }
  const pageP = db
    .select({ ...getTableColumns(candidates), distance })
    .from(candidates)
    .where(
      Array.isArray(pageIds)
        ? sql`${candidates.clientId} = ${opts.clientId} AND ${candidates.id} = ANY(${pgUuidArray(pageIds)}::uuid[])`
        : sql`${candidates.clientId} = ${opts.clientId} AND ${candidates.id} IN (${pageIds})`,
    )
    .orderBy(...order);
  // When the page's ids are known, its rows, their highlighted snippets and the count are read at once.
  const known = Array.isArray(pageIds) ? pageIds : null;
  const snippetsP = tsq && known?.length ? highlights(db, opts.clientId, known, tsq) : null;
  // A short first page is the whole result: its length is the exact total, no count needed.
  const short = (n: number) => offset === 0 && n < pageSize;
  const countP = count || (known && short(known.length)) ? null : countCandidates(db, where, estimate);
  const [page, counted, early] = await Promise.all([pageP, countP, snippetsP]);
  count ??= counted ?? (short(page.length) ? { totalCount: page.length, estimated: false } : await countCandidates(db, where, estimate));
  const extra = new Map<string, { highlight?: string; distance?: number | null }>();
  for (const r of page) extra.set(r.id, { distance: center ? Math.round(Number(r.distance) * 10) / 10 : null });
  if (tsq && page.length) {
    const terms = positiveTerms(tree);
    const snippets =
      early ??
      (await highlights(
        db,
        opts.clientId,
        page.map((r) => r.id),
        tsq,
      ));
    for (const r of page) {
      const e = extra.get(r.id) ?? {};
      e.highlight = snippets.get(r.id) || fieldHighlight(r, terms);
      extra.set(r.id, e);
    }
  }
  return {
    rows: page.map(({ distance: _d, ...r }) => r as CandidateRow),
    totalCount: count.totalCount,
    totalCountEstimated: count.estimated,
    extra,
    corrections,
  };
}

const OPEN = '\u0002';
const CLOSE = '\u0003';

/** ts_headline over skills, tags and resume text, for the page's rows only; escaped, then marked (highlight.ts). */
async function highlights(db: Db, clientId: string, ids: string[], tsq: SQL): Promise<Map<string, string>> {
  const r = await db.execute<{ id: string; h: string }>(sql`
    SELECT id, ts_headline('english', hh_crm_words(skills) || ' · ' || hh_crm_words(tags) || ' · ' || left(resume_text, 20000), ${tsq},
           ${`StartSel=${OPEN},StopSel=${CLOSE},MaxWords=24,MinWords=8,MaxFragments=2,FragmentDelimiter= … `}) AS h
      FROM candidates WHERE client_id = ${clientId} AND id = ANY(${pgUuidArray(ids)}::uuid[])`);
  const out = new Map<string, string>();
  for (const row of r.rows) {
    const h = row.h.includes(OPEN) ? highlightFromMarkers(row.h, OPEN, CLOSE) : null;
    if (h) out.set(row.id, h);
  }
  return out;
}

/** A match on the name, email or phone: show that field with the matched words marked. */
function fieldHighlight(r: CandidateRow, terms: string[]): string {
  return highlightText([`${r.firstName} ${r.lastName}`, r.email, r.phone ?? ''].join(' · '), terms);
}
