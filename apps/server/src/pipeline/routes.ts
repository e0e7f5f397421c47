import { pipelineRoutes as r } from '@hh/contract/pipeline';
import type { FastifyInstance } from 'fastify';
import { route } from '../plugins/route.ts';
import { applyTemplate, getJobPipeline, updateJobPipeline } from './job-pipeline.ts';
import { listApplications } from './list-applications.ts';
import { advance, moveStage, reject, reopen, withdraw } from './outcomes.ts';
import { listRejectionReasons, saveRejectionReasons } from './reasons.ts';
import { cancelRejectionEmail, listRejectionEmails } from './rejection-emails.ts';
import { createTemplate, deleteTemplate, listTemplates, updateTemplate } from './templates.ts';

/** The hiring pipeline (docs/pipeline.md). */
export default async function pipelineRoutes(app: FastifyInstance) {
  route(app, r.getJobPipeline, getJobPipeline);
  route(app, r.updateJobPipeline, updateJobPipeline);
  route(app, r.applyTemplate, applyTemplate);
  route(app, r.listTemplates, listTemplates);
  route(app, r.createTemplate, createTemplate);
  route(app, r.updateTemplate, updateTemplate);
  route(app, r.deleteTemplate, deleteTemplate);
  route(app, r.listApplications, listApplications);
  route(app, r.moveStage, moveStage);
  route(app, r.advance, advance);
  route(app, r.reject, reject);
  route(app, r.reopen, reopen);
  route(app, r.withdraw, withdraw);
  route(app, r.listRejectionEmails, listRejectionEmails);
  route(app, r.cancelRejectionEmail, cancelRejectionEmail);
  route(app, r.listRejectionReasons, listRejectionReasons);
  route(app, r.saveRejectionReasons, saveRejectionReasons);
}
