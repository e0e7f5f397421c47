import { jobRoutes as r } from '@hh/contract/jobs';
import { messages } from '@hh/contract/messages';
import { publicJobRoutes } from '@hh/contract/public-jobs';
import { and, asc, desc, eq, ilike, or, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { loadAccessibleClient, requireProductRight } from '../auth/access.ts';
import { jobs } from '../db/schema/jobs.ts';
import { badRequest, notFound } from '../lib/app-error.ts';
import { actorOf } from '../plugins/auth.ts';
import { route } from '../plugins/route.ts';
import departmentRoutes from './department-routes.ts';
import { recordEvent } from './events.ts';
import importRoutes from './import-routes.ts';
import locationRoutes from './location-routes.ts';
import { assignAdids, listPlanning, planningOf, updatePlanning } from './planning.ts';
import prequalificationRoutes from './prequalification-routes.ts';
import { publicClient } from './public-client.ts';
import { searchJobs } from './search-jobs.ts';
import { serializeJob } from './serialize.ts';
import { similarJobs } from './similar-jobs.ts';
import { closeJobs, createJob, loadJob, updateJob } from './write-job.ts';
import { dashboard } from './dashboard.ts';

export default async function jobsRoutes(app: FastifyInstance) {
  const scoped = (req: FastifyRequest, clientId: string, key = 'clients') => loadAccessibleClient(app.db, actorOf(req), clientId, key);
  const writer = (req: FastifyRequest) => requireProductRight(actorOf(req), 'harvest', 'editor');

  // ---------- Portal: job management ----------

  route(app, r.list, async (req) => {
    const q = req.query;
    const client = await scoped(req, q.clientId);
    const conds = [eq(jobs.clientId, client.id)];
    if (q.status !== 'all') conds.push(eq(jobs.status, q.status));
    if (q.departmentId) conds.push(eq(jobs.departmentId, q.departmentId));
    const s = q.search?.trim().slice(0, 200);
    if (s) {
      const like = `%${s.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
      conds.push(or(ilike(jobs.title, like), ilike(jobs.referenceNumber, like), ilike(jobs.city, like)) as ReturnType<typeof eq>);
    }
    const col = { title: jobs.title, datePosted: jobs.datePosted, city: jobs.city, status: jobs.status, updatedAt: jobs.updatedAt }[q.sortBy];
    const rows = await app.db
      .select({ j: jobs, total: sql<number>`count(*) OVER ()::int` })
      .from(jobs)
      .where(and(...conds))
      .orderBy(q.sortDir === 'asc' ? asc(col) : desc(col), asc(jobs.id))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize);
    let total = rows[0]?.total ?? 0;
    if (!rows.length && q.page > 1)
      total = (
        await app.db
          .select({ n: sql<number>`count(*)::int` })
          .from(jobs)
          .where(and(...conds))
      )[0].n;
    return { results: rows.map((row) => serializeJob(row.j, client)), totalCount: total };
  });

  route(app, r.getById, async (req) => {
    const client = await scoped(req, req.query.clientId);
    return serializeJob(await loadJob(app.db, client.id, req.query.jobId), client);
  });

  route(app, r.create, async (req) => {
    const { clientId, ...input } = req.body;
    const client = await scoped(req, clientId);
    writer(req);
    const row = await app.db.transaction((tx) => createJob(tx, { clientId: client.id, actor: actorOf(req), input }));
    return { ...serializeJob(row, client), message: messages.jobs.jobCreated };
  });

  route(app, r.update, async (req) => {
    const { clientId, _id, ...input } = req.body;
    const client = await scoped(req, clientId);
    writer(req);
    const row = await app.db.transaction((tx) => updateJob(tx, { clientId: client.id, actor: actorOf(req), jobId: _id, input }));
    return { ...serializeJob(row, client), message: messages.recruiting.jobUpdated };
  });

  route(app, r.bulkClose, async (req) => {
    const client = await scoped(req, req.body.clientId);
    writer(req);
    const closed = await app.db.transaction((tx) => closeJobs(tx, { clientId: client.id, actor: actorOf(req), jobIds: req.body.jobIds }));
    return { message: messages.jobs.jobsClosed(closed), closed };
  });

  route(app, r.recruitersAssigned, async (req) => {
    const client = await scoped(req, req.query.clientId);
    const rs = await app.db.execute<{ email: string; name: string | null; job_count: number }>(sql`
      SELECT lower(e) AS email, max(CASE WHEN lower(recruiter_email) = lower(e) THEN recruiter_name END) AS name, count(DISTINCT id)::int AS job_count
        FROM jobs, LATERAL unnest(array_append(recruiters_assigned, recruiter_email)) AS e
       WHERE client_id = ${client.id} AND e IS NOT NULL AND e <> ''
       GROUP BY lower(e) ORDER BY job_count DESC, email LIMIT 500`);
    return { results: rs.rows.map((x) => ({ email: x.email, name: x.name, jobCount: x.job_count })), totalCount: rs.rows.length };
  });

  // ---------- Job planning (core spec §3 "Job-planning entry"; read by the Indeed feed) ----------

  route(app, r.mvpList, async (req) => {
    const client = await scoped(req, req.query.clientId);
    const results = await listPlanning(app.db, client.id);
    return { results, totalCount: results.length };
  });

  route(app, r.mvpGetById, async (req) => {
    const client = await scoped(req, req.query.clientId);
    const [row] = await app.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.clientId, client.id), eq(jobs.adid, req.query.adid)))
      .limit(1);
    if (!row) throw notFound('job', messages.jobs.jobNotFound);
    return planningOf(row);
  });

  route(app, r.mvpUpdate, async (req) => {
    const client = await scoped(req, req.body.clientId);
    writer(req);
    if (!req.body._id && !req.body.adid) throw badRequest('_id', '_id or adid is required');
    const row = await updatePlanning(app.db, { clientId: client.id, actor: actorOf(req), input: req.body });
    return { ...planningOf(row), message: messages.recruiting.jobUpdated };
  });

  route(app, r.mvpSetClientIds, async (req) => {
    const client = await scoped(req, req.body.clientId);
    writer(req);
    const assigned = await app.db.transaction((tx) => assignAdids(tx, { clientId: client.id, actor: actorOf(req), jobIds: req.body.jobIds }));
    return { message: messages.recruiting.jobUpdated, assigned };
  });

  route(app, r.dashboard, async (req) => {
    const client = await scoped(req, req.query.clientId);
    return dashboard(app.db, client.id, req.query.days);
  });

  // Core spec §7 "POST api/analytics (query)": the analytics report, the query in the body.
  route(app, r.analytics, async (req) => {
    const client = await scoped(req, req.body.clientId);
    return dashboard(app.db, client.id, req.body.days);
  });

  // ---------- Public: career sites and the job-board calls ----------

  route(app, publicJobRoutes.container, async (req) => {
    const client = await publicClient(app.db, { nameSlug: req.query.nameSlug });
    const deps = await app.db.execute<{ id: string; name: string; n: number }>(sql`
      SELECT d.id, d.name, count(j.id)::int AS n FROM departments d
        LEFT JOIN jobs j ON j.client_id = d.client_id AND j.department_id = d.id AND j.status = 'open'
       WHERE d.client_id = ${client.id} GROUP BY d.id, d.name ORDER BY d.name`);
    const cats = await app.db.execute<{ id: string; name: string }>(sql`SELECT id, name FROM job_categories WHERE client_id = ${client.id} ORDER BY name`);
    const total = await app.db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM jobs WHERE client_id = ${client.id} AND status = 'open'`);
    return {
      client: {
        _id: client.id,
        name: client.name,
        nameSlug: client.nameSlug,
        virtualAppName: client.virtualAppName,
        domainURL: client.domainURL,
        logo: client.logo,
      },
      departments: deps.rows.map((d) => ({ _id: d.id, name: d.name, jobCount: d.n })),
      categories: cats.rows,
      totalCount: total.rows[0].n,
      searchUrl: `/${client.nameSlug}/search-page?v=${encodeURIComponent(client.virtualAppName ?? client.nameSlug)}`,
    };
  });

  route(app, publicJobRoutes.search, async (req) => {
    const client = await publicClient(app.db, req.query);
    const found = await searchJobs(app.db, client.id, req.query);
    if (req.query.keywords || req.query.q || req.query.location || req.query.zipcode || req.query.city) {
      recordEvent(app, client.id, 'search', null, { keywords: req.query.keywords ?? req.query.q ?? null, location: found.location?.label ?? null });
    }
    return {
      results: found.rows.map((x) => serializeJob(x.row, client, { distance: x.distance, fullDescription: req.query.fullDescription })),
      totalCount: found.totalCount,
      summary: found.summary,
      location: found.location,
    };
  });

  route(app, publicJobRoutes.summary, async (req) => {
    const client = await publicClient(app.db, { clientId: req.params.id });
    return (await searchJobs(app.db, client.id, { ...req.query, pageSize: 1 })).summary;
  });

  route(app, publicJobRoutes.getJob, async (req) => {
    const client = await publicClient(app.db, { nameSlug: req.query.nameSlug });
    const row = await loadJob(app.db, client.id, req.query.jobId);
    if (row.status !== 'open') throw notFound('job', messages.jobs.jobNotFound);
    return serializeJob(row, client);
  });

  route(app, publicJobRoutes.similarJobs, async (req) => {
    const client = await publicClient(app.db, req.query);
    // Issue 9 finding 13: a draft or closed job is invisible on every public path.
    const source = await loadJob(app.db, client.id, req.query.jobId);
    if (source.status !== 'open') throw notFound('job', messages.jobs.jobNotFound);
    const rows = await similarJobs(app.db, client.id, req.query.jobId, req.query.maxDistance);
    return { results: rows.map((row) => serializeJob(row, client, { fullDescription: false })), totalCount: rows.length };
  });

  /** 001 §7 categories: GET /jobs/JsonPubCats.ashx?v=&all=true -> { id: name } for the client whose virtualAppName is v. */
  route(app, publicJobRoutes.publishedCategories, async (req) => {
    const found = await app.db.execute<{ id: string; name: string }>(sql`
      SELECT k.id, k.name FROM job_categories k JOIN clients c ON c.id = k.client_id
       WHERE lower(c.virtual_app_name) = lower(${req.query.v}) AND c.status = 'Active'
         AND (${req.query.all === 'true'} OR EXISTS (SELECT 1 FROM jobs j WHERE j.client_id = k.client_id AND j.category_id = k.id AND j.status = 'open'))
       ORDER BY k.name`);
    return Object.fromEntries(found.rows.map((x) => [x.id, x.name]));
  });

  await app.register(departmentRoutes);
  await app.register(prequalificationRoutes);
  await app.register(locationRoutes);
  await app.register(importRoutes);
}
