import { jobRoutes as r } from '@hh/contract/jobs';
import { messages } from '@hh/contract/messages';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { loadAccessibleClient, requireProductRight } from '../auth/access.ts';
import { badRequest } from '../lib/app-error.ts';
import { actorOf } from '../plugins/auth.ts';
import { legacyRoute } from '../plugins/route.ts';
import { assignAdids } from './assign-adids.ts';
import { closeJobs } from './close-jobs.ts';
import { createJob } from './create-job.ts';
import { getPlanning } from './get-planning.ts';
import { listJobs } from './list-jobs.ts';
import { listPlanning } from './list-planning.ts';
import { listRecruitersAssigned } from './list-recruiters-assigned.ts';
import { loadJob } from './load-job.ts';
import { serializeJob } from './serialize.ts';
import { planningOf } from './serialize-planning.ts';
import { updateJob } from './update-job.ts';
import { updatePlanning } from './update-planning.ts';

/** Job management and job planning in the portal (the public job calls are public-jobs/, the dashboard job-analytics/). */
export default async function jobsRoutes(app: FastifyInstance) {
  const scoped = (req: FastifyRequest, clientId: string, key = 'clients') => loadAccessibleClient(app.db, actorOf(req), clientId, key);
  const writer = (req: FastifyRequest) => requireProductRight(actorOf(req), 'harvest', 'editor');

  // ---------- Portal: job management ----------

  legacyRoute(app, r.list, async (req) => {
    const client = await scoped(req, req.query.clientId);
    const { rows, total } = await listJobs(app.db, client.id, req.query);
    return { results: rows.map((row) => serializeJob(row, client)), totalCount: total };
  });

  legacyRoute(app, r.getById, async (req) => {
    const client = await scoped(req, req.query.clientId);
    return serializeJob(await loadJob(app.db, client.id, req.query.jobId), client);
  });

  legacyRoute(app, r.create, async (req) => {
    const { clientId, ...input } = req.body;
    const client = await scoped(req, clientId);
    writer(req);
    const row = await app.db.transaction((tx) => createJob(tx, { clientId: client.id, actor: actorOf(req), input }));
    return { ...serializeJob(row, client), message: messages.jobs.jobCreated };
  });

  legacyRoute(app, r.update, async (req) => {
    const { clientId, _id, ...input } = req.body;
    const client = await scoped(req, clientId);
    writer(req);
    const row = await app.db.transaction((tx) => updateJob(tx, { clientId: client.id, actor: actorOf(req), jobId: _id, input }));
    return { ...serializeJob(row, client), message: messages.recruiting.jobUpdated };
  });

  legacyRoute(app, r.bulkClose, async (req) => {
    const client = await scoped(req, req.body.clientId);
    writer(req);
    const closed = await app.db.transaction((tx) => closeJobs(tx, { clientId: client.id, actor: actorOf(req), jobIds: req.body.jobIds }));
    return { message: messages.jobs.jobsClosed(closed), closed };
  });

  legacyRoute(app, r.recruitersAssigned, async (req) => {
    const client = await scoped(req, req.query.clientId);
    const results = await listRecruitersAssigned(app.db, client.id);
    return { results, totalCount: results.length };
  });

  // ---------- Job planning (core spec §3 "Job-planning entry"; read by the Indeed feed) ----------

  legacyRoute(app, r.mvpList, async (req) => {
    const client = await scoped(req, req.query.clientId);
    const results = await listPlanning(app.db, client.id);
    return { results, totalCount: results.length };
  });

  legacyRoute(app, r.mvpGetById, async (req) => {
    const client = await scoped(req, req.query.clientId);
    return getPlanning(app.db, client.id, req.query.adid);
  });

  legacyRoute(app, r.mvpUpdate, async (req) => {
    const client = await scoped(req, req.body.clientId);
    writer(req);
    if (!req.body._id && !req.body.adid) throw badRequest('_id', '_id or adid is required');
    const row = await updatePlanning(app.db, { clientId: client.id, actor: actorOf(req), input: req.body });
    return { ...planningOf(row), message: messages.recruiting.jobUpdated };
  });

  legacyRoute(app, r.mvpSetClientIds, async (req) => {
    const client = await scoped(req, req.body.clientId);
    writer(req);
    const assigned = await app.db.transaction((tx) => assignAdids(tx, { clientId: client.id, actor: actorOf(req), jobIds: req.body.jobIds }));
    return { message: messages.recruiting.jobUpdated, assigned };
  });
}
