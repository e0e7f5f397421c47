import { createHash } from 'node:crypto';
import type pg from 'pg';
import { ChunkBuffer, cdata, el, XML_DECLARATION } from './xml.ts';
import { canonicalJobUrl } from '../core/site-urls.ts';
import { campaignValue, cap, formEncode, jobKind, postUrl, questionsUrl, salaryTextCached, trackingQueries } from './feed-rules.ts';
import { resolveStoredQuestions } from './questions.ts';

/** Core spec §9: "Feed job search page size: 1000", repeated while a full page comes back. */
export const FEED_PAGE_SIZE = 1000;
const PREFETCH_AT = 900;

export interface FeedClient {
  id: string;
  name: string;
  nameSlug: string;
  domainURL: string | null;
  virtualAppName: string | null;
  aiSearch: boolean;
  subscriptions: Record<string, boolean>;
  indeedApiToken: string | null;
  defaultIndeedApplyQuestions: unknown;
  indeedApplyQuestionsGroups: unknown;
  updatedAt: Date;
}

/** A suspended client's feed is gone like its site (nothing of a suspended client is public): the spec's client-not-found 404. */
export async function findFeedClient(pool: pg.Pool, slug: string): Promise<FeedClient | null> {
  const { rows } = await pool.query<FeedClient>(
    `SELECT id, name, name_slug AS "nameSlug", domain_url AS "domainURL", virtual_app_name AS "virtualAppName", ai_search AS "aiSearch", subscriptions,
            indeed_api_token AS "indeedApiToken", default_indeed_apply_questions AS "defaultIndeedApplyQuestions",
            indeed_apply_questions_groups AS "indeedApplyQuestionsGroups", updated_at AS "updatedAt"
       FROM clients WHERE lower(name_slug) = lower($1) AND status = 'Active' LIMIT 1`,
    [slug],
  );
  return rows[0] ?? null;
}

/** The jobs a feed lists: open, and not past their validThrough date. */
const FEED_WHERE = `j.client_id = $1 AND j.status = 'open' AND (j.valid_through IS NULL OR j.valid_through > now())`;

export interface FeedVersion {
  count: number;
  etag: string;
  lastModified: Date;
}

/**
 * A cheap fingerprint of everything the feed shows: the jobs (count and latest change), the client
 * row (name, token, questions), department and category names, and the public URL. A crawler's
 * repeat fetch with If-None-Match gets a 304 without the jobs being read.
 */
export async function feedVersion(pool: pg.Pool, client: FeedClient, publicUrl: string): Promise<FeedVersion> {
  const { rows } = await pool.query<{ n: number; latest: Date | null; names: string | null }>(
    `SELECT (SELECT count(*)::int FROM jobs j WHERE ${FEED_WHERE}) AS n,
            (SELECT max(j.updated_at) FROM jobs j WHERE ${FEED_WHERE}) AS latest,
            md5(coalesce((SELECT string_agg(id::text || name, ',' ORDER BY id) FROM departments WHERE client_id = $1), '')
             || '|' || coalesce((SELECT string_agg(id::text || name, ',' ORDER BY id) FROM job_categories WHERE client_id = $1), '')) AS names`,
    [client.id],
  );
  const r = rows[0];
  const latest = r.latest && r.latest > client.updatedAt ? r.latest : client.updatedAt;
  const hash = createHash('sha1')
    .update([client.id, r.n, r.latest?.toISOString() ?? '', client.updatedAt.toISOString(), r.names ?? '', publicUrl].join('|'))
    .digest('base64url');
  // HTTP dates have second precision.
  const lastModified = new Date(Math.floor(latest.getTime() / 1000) * 1000);
  return { count: r.n, etag: `"feed-${hash}"`, lastModified };
}

interface FeedRow {
  id: string;
  title: string;
  description: string;
  /** RFC 1123 ("Sun, 01 Mar 2026 10:00:00 GMT"), formatted by PostgreSQL. */
  date_posted: string;
  reference_number: string;
  requisition_id: string | null;
  city: string | null;
  state: string | null;
  country: string;
  zip_code: string | null;
  address1: string | null;
  recruiter_email: string | null;
  recruiter_name: string | null;
  /** Joined with ", " by PostgreSQL. */
  recruiters_assigned: string;
  salary_min: string | null;
  salary_max: string | null;
  salary_currency: string;
  salary_period: string | null;
  employment_type: string | null;
  budget: string | null;
  indeed_apply: boolean;
  questions_list_id: string | null;
  adid: string | null;
  department: string | null;
  category: string | null;
  remote: boolean;
}

const FEED_SELECT = `
  SELECT j.id, j.title, j.description,
         to_char(j.date_posted AT TIME ZONE 'UTC', 'Dy, DD Mon YYYY HH24:MI:SS "GMT"') AS date_posted,
         j.reference_number, j.requisition_id, j.city, j.state, j.country, j.zip_code, j.address1, j.recruiter_email,
         j.recruiter_name, array_to_string(j.recruiters_assigned, ', ') AS recruiters_assigned, j.salary_min, j.salary_max,
         j.salary_currency, j.salary_period, j.employment_type, j.budget, j.indeed_apply, j.questions_list_id, j.adid, j.remote,
         d.name AS department, c.name AS category
    FROM jobs j
    LEFT JOIN departments d ON d.client_id = j.client_id AND d.id = j.department_id
    LEFT JOIN job_categories c ON c.client_id = j.client_id AND c.id = j.category_id
   WHERE ${FEED_WHERE}
   ORDER BY j.date_posted DESC, j.id`;

export interface FeedContext {
  client: FeedClient;
  publicUrl: string;
  lastModified: Date;
}

/** The client's site host: its custom domain, else the product host ("The source is set to {host}"). */
export function siteHost(client: FeedClient, publicUrl: string): string {
  return client.domainURL ?? new URL(publicUrl).host;
}

/**
 * The feed, as chunks, read through a server-side cursor (DECLARE / FETCH 1000) in a read-only
 * transaction on a dedicated pool client. Stopping early (client hung up) rolls back and releases
 * the connection in `finally`. Format: https://docs.indeed.com/indeed-apply/direct-employer (XML feed).
 */
export async function* feedChunks(pool: pg.Pool, ctx: FeedContext): AsyncGenerator<Buffer> {
  const { client, publicUrl } = ctx;
  const host = siteHost(client, publicUrl);
  const siteUrl = client.domainURL ? `https://${client.domainURL}` : `${publicUrl}/${client.nameSlug}`;
  const post = postUrl(publicUrl, client.nameSlug);
  const hasDefault = resolveStoredQuestions(client.defaultIndeedApplyQuestions) !== null;
  const groupIds = new Set(
    (Array.isArray(client.indeedApplyQuestionsGroups) ? client.indeedApplyQuestionsGroups : [])
      .filter((g: { id?: unknown; questions?: unknown }) => typeof g?.id === 'string' && resolveStoredQuestions(g.questions) !== null)
      .map((g: { id: string }) => g.id),
  );
  const questionsFor = (listId: string | null): string | null => {
    // Custom-questions mode (§7 "adds a questions URL"): the job names a list that is configured and valid.
    if (!listId) return null;
    if (listId === 'default') return hasDefault ? questionsUrl(publicUrl, client.nameSlug, 'default') : null;
    return groupIds.has(listId) ? questionsUrl(publicUrl, client.nameSlug, listId) : null;
  };

  const tracking = trackingQueries(host);
  const companyEl = el('company', client.name);
  const sourceEl = el('sourcename', host);
  const sponsoredYes = el('sponsored', 'yes');
  const sponsoredNo = el('sponsored', 'no');
  const iaToken = `indeed-apply-apiToken=${formEncode(client.indeedApiToken ?? '')}`;
  const iaCompany = `&indeed-apply-jobCompanyName=${formEncode(cap(client.name))}`;
  const iaPost = `&indeed-apply-postUrl=${formEncode(post)}`;
  const questionParts = new Map<string | null, string>();
  const questionsPart = (listId: string | null): string => {
    let part = questionParts.get(listId);
    if (part === undefined) {
      const q = questionsFor(listId);
      part = q ? `&indeed-apply-questions=${formEncode(q)}` : '';
      questionParts.set(listId, part);
    }
    return part;
  };

  const buf = new ChunkBuffer();
  buf.push(XML_DECLARATION);
  buf.push(`<source>${el('publisher', client.name)}${el('publisherurl', siteUrl)}<lastBuildDate>${ctx.lastModified.toUTCString()}</lastBuildDate>\n`);

  const conn = await pool.connect();
  let done = false;
  let next: Promise<pg.QueryResult<FeedRow>> | null = null;
  try {
    await conn.query('BEGIN READ ONLY');
    await conn.query(`DECLARE feed_jobs NO SCROLL CURSOR FOR ${FEED_SELECT}`, [client.id]);
    const fetchPage = (): Promise<pg.QueryResult<FeedRow>> => conn.query<FeedRow>(`FETCH ${FEED_PAGE_SIZE} FROM feed_jobs`);
    // Rows are dropped once written, and the next page is asked for only near the end of this one
    // (PREFETCH_AT): PostgreSQL works while Node writes the last rows, yet a page still dies young in
    // V8's new space. Reading a whole page ahead kept 2,000 rows alive and grew the old space by >100 MB.
    next = fetchPage();
    while (next) {
      const rows: Array<FeedRow | undefined> = (await next).rows;
      next = null;
      const full = rows.length === FEED_PAGE_SIZE;
      for (let i = 0; i < rows.length; i++) {
        if (i === PREFETCH_AT && full) next = fetchPage();
        buf.push(jobXml(rows[i] as FeedRow));
        rows[i] = undefined;
        if (buf.full) yield buf.take();
      }
    }
    await conn.query('COMMIT');
    done = true;
  } finally {
    // A page requested ahead and never read (the reader stopped): settle it before the rollback.
    if (next) await next.catch(() => undefined);
    if (!done) await conn.query('ROLLBACK').catch(() => undefined); // the stream already failed; its error is what counts
    conn.release(!done);
  }
  buf.push('</source>\n');
  yield buf.take();

  function jobXml(j: FeedRow): string {
    // Indeed Apply needs the client's API token ("give every Indeed Apply parameter a value");
    // without one the job is published as a plain (non Indeed Apply) job.
    const ia = j.indeed_apply && !!client.indeedApiToken;
    const kind = jobKind(j.budget, ia);
    // The job page's canonical address: the client's custom domain when it has one (core/site-urls.ts).
    const url = canonicalJobUrl(
      { id: j.id, title: j.title, city: j.city, state: j.state, remote: j.remote, categoryName: j.category, departmentName: j.department },
      client,
      publicUrl,
    );
    let x = '<job>';
    x += el('title', j.title);
    x += el('date', j.date_posted);
    x += el('referencenumber', j.reference_number);
    x += el('requisitionid', j.requisition_id);
    x += el('url', url + tracking[kind]);
    x += companyEl;
    x += sourceEl;
    x += el('city', j.city);
    x += el('state', j.state);
    x += el('country', j.country);
    x += el('postalcode', j.zip_code);
    x += el('streetaddress', j.address1);
    x += el('email', j.recruiter_email);
    x += el('description', j.description);
    x += el('salary', salaryTextCached(j.salary_min, j.salary_max, j.salary_currency, j.salary_period));
    x += el('jobtype', j.employment_type);
    x += el('category', j.category ?? j.department);
    x += el('department', j.department);
    x += el('recruitername', j.recruiter_name);
    x += el('recruiteremail', j.recruiter_email);
    x += el('recruitersassigned', j.recruiters_assigned);
    x += el('adid', j.adid);
    x += kind === 'sponsored' ? sponsoredYes : sponsoredNo;
    x += el('campaign', campaignValue(j.budget, ia));
    if (ia) {
      const location = [j.city, [j.state, j.zip_code].filter(Boolean).join(' ')].filter(Boolean).join(', ') || j.country;
      // Same content and order as feed-rules.indeedApplyData, with the per-feed parts encoded once.
      let d = iaToken;
      d += `&indeed-apply-jobId=${j.id}`;
      d += `&indeed-apply-jobTitle=${formEncode(cap(j.title))}`;
      d += iaCompany;
      d += `&indeed-apply-jobLocation=${formEncode(cap(location))}`;
      d += `&indeed-apply-jobUrl=${formEncode(url)}`;
      d += iaPost;
      d += questionsPart(j.questions_list_id);
      x += `<indeed-apply-data>${cdata(d)}</indeed-apply-data>`;
    }
    return `${x}</job>\n`;
  }
}
