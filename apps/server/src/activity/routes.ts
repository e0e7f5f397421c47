import { errorReply } from '@hh/contract/common';
import * as u from '@hh/contract/users';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf } from '../plugins/auth.ts';
import { createActivityLog } from './create-activity-log.ts';
import { listActivityLogs, serializeActivityLog } from './list-activity-logs.ts';

const errors = { 400: errorReply, 401: errorReply, 403: errorReply, 404: errorReply };

/** The activity log (core spec §7 "Other"): every create/update/delete writes a row via logActivity. */
export default async function activityRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['activity-logs'];
  const db = app.db;

  app.get('/api/activity-logs', { schema: { tags, querystring: u.activityLogQuery, response: { 200: u.activityLogList, ...errors } } }, async (req) => {
    const { rows, totalCount } = await listActivityLogs({ db, actor: actorOf(req), query: req.query });
    return { results: rows.map(serializeActivityLog), totalCount };
  });

  app.post(
    '/api/activity-logs/create',
    { schema: { tags, body: u.createActivityLogRequest, response: { 201: u.createActivityLogReply, ...errors } } },
    async (req, reply) => {
      const row = await createActivityLog({ db, actor: actorOf(req), ...req.body });
      return reply.status(201).send(serializeActivityLog(row));
    },
  );
}
