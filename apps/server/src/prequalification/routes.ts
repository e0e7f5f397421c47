import { prequalificationRoutes as r } from '@hh/contract/prequalification';
import type { FastifyInstance } from 'fastify';
import { route } from '../plugins/route.ts';
import { createPrequalification } from './create-prequalification.ts';
import { deletePrequalification } from './delete-prequalification.ts';
import { listPrequalification } from './list-prequalification.ts';
import { updatePrequalification } from './update-prequalification.ts';

/** 001 "Prequalification questions": scoped by clientId with optional jobId and departmentId. */
export default async function prequalificationRoutes(app: FastifyInstance) {
  route(app, r.list, listPrequalification);
  route(app, r.create, createPrequalification);
  route(app, r.update, updatePrequalification);
  route(app, r.remove, deletePrequalification, { clientIdKey: 'prequalificationQuestions' });
}
