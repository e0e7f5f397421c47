import { jobRoutes as r } from '@hh/contract/jobs';
import type { FastifyInstance } from 'fastify';
import { route } from '../plugins/route.ts';
import { assignAdids } from './assign-adids.ts';
import { closeJobs } from './close-jobs.ts';
import { createJob } from './create-job.ts';
import { getJob } from './get-job.ts';
import { getPlanning } from './get-planning.ts';
import { listJobs } from './list-jobs.ts';
import { listPlanning } from './list-planning.ts';
import { listRecruitersAssigned } from './list-recruiters-assigned.ts';
import { updateJob } from './update-job.ts';
import { updatePlanning } from './update-planning.ts';

/** Job management and job planning in the portal (the public job calls are public-jobs/, the dashboard job-analytics/). */
export default async function jobsRoutes(app: FastifyInstance) {
  // Portal: job management.
  route(app, r.list, listJobs);
  route(app, r.getById, getJob);
  route(app, r.create, createJob);
  route(app, r.update, updateJob);
  route(app, r.bulkClose, closeJobs);
  route(app, r.recruitersAssigned, listRecruitersAssigned);
  // Job planning (core spec §3 "Job-planning entry"; read by the Indeed feed).
  route(app, r.mvpList, listPlanning);
  route(app, r.mvpGetById, getPlanning);
  route(app, r.mvpUpdate, updatePlanning);
  route(app, r.mvpSetClientIds, assignAdids);
}
