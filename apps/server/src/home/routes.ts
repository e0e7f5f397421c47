import { homeRoutes as r } from '@hh/contract/home';
import type { FastifyInstance } from 'fastify';
import { route } from '../plugins/route.ts';
import { getWorkQueue } from './get-work-queue.ts';

/** The portal's Home (decision 0051): the selected client's work queue. */
export default async function homeRoutes(app: FastifyInstance) {
  route(app, r.workQueue, getWorkQueue);
}
