import { errorReply } from '@hh/contract/common';
import * as c from '@hh/contract/jobs';
import { messages } from '@hh/contract/messages';
import { publicJob, publicJobList, publicSearchJobsReply } from '@hh/contract/security';
import { and, asc, desc, eq, ilike, or, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { loadAccessibleClient, requireProductRight } from '../auth/access.ts';
import { jobs } from '../db/schema/jobs.ts';
import { badRequest, notFound } from '../lib/app-error.ts';
import { actorOf } from '../plugins/auth.ts';
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

const errors = { 400: errorReply, 401: errorReply, 403: errorReply, 404: errorReply, 409: errorReply };

export default async function jobsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['jobs'];
  const scoped = (req: FastifyRequest, clientId: string, key = 'clients') => loadAccessibleClient(app.db, actorOf(req), clientId, key);
  const writer = (req: FastifyRequest) => requireProductRight(actorOf(req), 'harvest', 'editor');

  // ---------- Portal: job management ----------

  app.get('/api/job/list-by-client-id', { schema: { tags, querystring: c.listJobsQuery, response: { 200: c.jobList, ...errors } } }, async (req) => {
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
    return { results: rows.map((r) => serializeJob(r.j, client)), totalCount: total };
  });

  app.get(
    '/api/job/get-by-id',
    { schema: { tags, querystring: z.object({ clientId: z.uuid(), jobId: z.uuid() }), response: { 200: c.job, ...errors } } },
    async (req) => {
      const client = await scoped(req, req.query.clientId);
      return serializeJob(await loadJob(app.db, client.id, req.query.jobId), client);
    },
  );

  app.post('/api/job/create', { schema: { tags, body: c.createJobRequest, response: { 201: c.jobReply, ...errors } } }, async (req, reply) => {
    const { clientId, ...input } = req.body;
    const client = await scoped(req, clientId);
    writer(req);
    const row = await app.db.transaction((tx) => createJob(tx, { clientId: client.id, actor: actorOf(req), input }));
    return reply.status(201).send({ ...serializeJob(row, client), message: c.jobMessages.jobCreated });
  });

  app.patch('/api/job/update', { schema: { tags, body: c.updateJobRequest, response: { 200: c.jobReply, ...errors } } }, async (req) => {
    const { clientId, _id, ...input } = req.body;
    const client = await scoped(req, clientId);
    writer(req);
    const row = await app.db.transaction((tx) => updateJob(tx, { clientId: client.id, actor: actorOf(req), jobId: _id, input }));
    return { ...serializeJob(row, client), message: messages.recruiting.jobUpdated };
  });

  app.post('/api/job/bulk-close', { schema: { tags, body: c.bulkCloseRequest, response: { 200: c.bulkCloseReply, ...errors } } }, async (req) => {
    const client = await scoped(req, req.body.clientId);
    writer(req);
    const closed = await app.db.transaction((tx) => closeJobs(tx, { clientId: client.id, actor: actorOf(req), jobIds: req.body.jobIds }));
    return { message: c.jobMessages.jobsClosed(closed), closed };
  });

  app.get(
    '/api/get-recruiters-assigned',
    { schema: { tags, querystring: c.clientIdQuery, response: { 200: c.recruitersAssignedReply, ...errors } } },
    async (req) => {
      const client = await scoped(req, req.query.clientId);
      const r = await app.db.execute<{ email: string; name: string | null; job_count: number }>(sql`
      SELECT lower(e) AS email, max(CASE WHEN lower(recruiter_email) = lower(e) THEN recruiter_name END) AS name, count(DISTINCT id)::int AS job_count
        FROM jobs, LATERAL unnest(array_append(recruiters_assigned, recruiter_email)) AS e
       WHERE client_id = ${client.id} AND e IS NOT NULL AND e <> ''
       GROUP BY lower(e) ORDER BY job_count DESC, email LIMIT 500`);
      return { results: r.rows.map((x) => ({ email: x.email, name: x.name, jobCount: x.job_count })), totalCount: r.rows.length };
    },
  );

  // ---------- Job planning (core spec §3 "Job-planning entry"; read by the Indeed feed) ----------

  app.get('/api/job/mvp', { schema: { tags, querystring: c.clientIdQuery, response: { 200: c.jobPlanningList, ...errors } } }, async (req) => {
    const client = await scoped(req, req.query.clientId);
    const results = await listPlanning(app.db, client.id);
    return { results, totalCount: results.length };
  });

  app.get(
    '/api/job/mvp-get-by-id',
    { schema: { tags, querystring: z.object({ adid: z.string().trim().min(1).max(100), clientId: z.uuid() }), response: { 200: c.jobPlanning, ...errors } } },
    async (req) => {
      const client = await scoped(req, req.query.clientId);
      const [row] = await app.db
        .select()
        .from(jobs)
        .where(and(eq(jobs.clientId, client.id), eq(jobs.adid, req.query.adid)))
        .limit(1);
      if (!row) throw notFound('job', c.jobMessages.jobNotFound);
      return planningOf(row);
    },
  );

  app.patch(
    '/api/job/mvp-update',
    { schema: { tags, body: c.mvpUpdateRequest, response: { 200: c.jobPlanning.extend({ message: z.string() }), ...errors } } },
    async (req) => {
      const client = await scoped(req, req.body.clientId);
      writer(req);
      if (!req.body._id && !req.body.adid) throw badRequest('_id', '_id or adid is required');
      const row = await updatePlanning(app.db, { clientId: client.id, actor: actorOf(req), input: req.body });
      return { ...planningOf(row), message: messages.recruiting.jobUpdated };
    },
  );

  app.post(
    '/api/job/mvp-set-client-ids',
    { schema: { tags, body: c.mvpSetClientIdsRequest, response: { 200: c.mvpSetClientIdsReply, ...errors } } },
    async (req) => {
      const client = await scoped(req, req.body.clientId);
      writer(req);
      const assigned = await app.db.transaction((tx) => assignAdids(tx, { clientId: client.id, actor: actorOf(req), jobIds: req.body.jobIds }));
      return { message: messages.recruiting.jobUpdated, assigned };
    },
  );

  app.get('/api/jobs/dashboard', { schema: { tags, querystring: c.dashboardQuery, response: { 200: c.dashboardReply, ...errors } } }, async (req) => {
    const client = await scoped(req, req.query.clientId);
    return dashboard(app.db, client.id, req.query.days);
  });

  // Core spec §7 "POST api/analytics (query)": the analytics report, the query in the body.
  app.post('/api/analytics', { schema: { tags, body: c.dashboardQuery, response: { 200: c.dashboardReply, ...errors } } }, async (req) => {
    const client = await scoped(req, req.body.clientId);
    return dashboard(app.db, client.id, req.body.days);
  });

  // ---------- Public: career sites and the job-board calls ----------

  app.get(
    '/api/jobs/container',
    {
      config: { auth: 'public' },
      schema: { tags, querystring: z.object({ nameSlug: z.string().trim().min(1).max(80) }), response: { 200: c.jobsContainerReply, ...errors } },
    },
    async (req) => {
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
    },
  );

  app.get(
    '/api/search-jobs',
    { config: { auth: 'public' }, schema: { tags, querystring: c.searchJobsQuery, response: { 200: publicSearchJobsReply, ...errors } } },
    async (req) => {
      const client = await publicClient(app.db, req.query);
      const r = await searchJobs(app.db, client.id, req.query);
      if (req.query.keywords || req.query.q || req.query.location || req.query.zipcode || req.query.city) {
        recordEvent(app, client.id, 'search', null, { keywords: req.query.keywords ?? req.query.q ?? null, location: r.location?.label ?? null });
      }
      return {
        results: r.rows.map((x) => serializeJob(x.row, client, { distance: x.distance, fullDescription: req.query.fullDescription })),
        totalCount: r.totalCount,
        summary: r.summary,
        location: r.location,
      };
    },
  );

  app.get(
    '/api/jobs-summary/:id',
    {
      config: { auth: 'public' },
      schema: { tags, params: z.object({ id: z.uuid() }), querystring: c.searchJobsQuery, response: { 200: c.jobsSummary, ...errors } },
    },
    async (req) => {
      const client = await publicClient(app.db, { clientId: req.params.id });
      return (await searchJobs(app.db, client.id, { ...req.query, pageSize: 1 })).summary;
    },
  );

  app.get(
    '/api/get-job',
    {
      config: { auth: 'public' },
      schema: { tags, querystring: z.object({ nameSlug: z.string().trim().min(1).max(80), jobId: z.uuid() }), response: { 200: publicJob, ...errors } },
    },
    async (req) => {
      const client = await publicClient(app.db, { nameSlug: req.query.nameSlug });
      const row = await loadJob(app.db, client.id, req.query.jobId);
      if (row.status !== 'open') throw notFound('job', c.jobMessages.jobNotFound);
      return serializeJob(row, client);
    },
  );

  app.get(
    '/api/similar-jobs',
    {
      config: { auth: 'public' },
      schema: {
        tags,
        querystring: z.object({
          nameSlug: z.string().trim().max(80).optional(),
          clientId: z.uuid().optional(),
          jobId: z.uuid(),
          maxDistance: z.coerce.number().min(1).max(c.SEARCH_LIMITS.maxRadiusMiles).optional(),
        }),
        response: { 200: publicJobList, ...errors },
      },
    },
    async (req) => {
      const client = await publicClient(app.db, req.query);
      // Issue 9 finding 13: a draft or closed job is invisible on every public path.
      const source = await loadJob(app.db, client.id, req.query.jobId);
      if (source.status !== 'open') throw notFound('job', c.jobMessages.jobNotFound);
      const rows = await similarJobs(app.db, client.id, req.query.jobId, req.query.maxDistance);
      return { results: rows.map((r) => serializeJob(r, client, { fullDescription: false })), totalCount: rows.length };
    },
  );

  /** 001 §7 categories: GET /jobs/JsonPubCats.ashx?v=&all=true -> { id: name } for the client whose virtualAppName is v. */
  app.get(
    '/jobs/JsonPubCats.ashx',
    {
      config: { auth: 'public' },
      schema: {
        tags,
        querystring: z.object({ v: z.string().trim().min(1).max(100), all: z.string().optional() }),
        response: { 200: z.record(z.string(), z.string()), ...errors },
      },
    },
    async (req) => {
      const r = await app.db.execute<{ id: string; name: string }>(sql`
        SELECT k.id, k.name FROM job_categories k JOIN clients c ON c.id = k.client_id
         WHERE lower(c.virtual_app_name) = lower(${req.query.v}) AND c.status = 'Active'
           AND (${req.query.all === 'true'} OR EXISTS (SELECT 1 FROM jobs j WHERE j.client_id = k.client_id AND j.category_id = k.id AND j.status = 'open'))
         ORDER BY k.name`);
      return Object.fromEntries(r.rows.map((x) => [x.id, x.name]));
    },
  );

  await app.register(departmentRoutes);
  await app.register(prequalificationRoutes);
  await app.register(locationRoutes);
  await app.register(importRoutes);
}
