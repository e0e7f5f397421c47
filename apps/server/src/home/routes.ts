import { homeRoutes as r } from '@hh/contract/home';
import type { FastifyInstance } from 'fastify';
import { actorOf } from '../plugins/auth.ts';
import { legacyRoute } from '../plugins/route.ts';
import { getWorkQueue } from './get-work-queue.ts';

/** The portal's Home (issue 15): the selected client's work queue. */
export default async function homeRoutes(app: FastifyInstance) {
  legacyRoute(app, r.workQueue, async (req) => getWorkQueue({ db: app.db, actor: actorOf(req), clientId: req.query.clientId, since: req.query.since }));
}
