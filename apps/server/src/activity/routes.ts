import { activityRoutes as r } from '@hh/contract/activity';
import type { FastifyInstance } from 'fastify';
import { actorOf } from '../plugins/auth.ts';
import { legacyRoute } from '../plugins/route.ts';
import { createActivityLog } from './create-activity-log.ts';
import { describeActivity } from './describe-activity.ts';
import { listActivityLogs, serializeActivityLog } from './list-activity-logs.ts';

/** The activity log (core spec §7 "Other"): every create/update/delete writes a row via logActivity. */
export default async function activityRoutes(app: FastifyInstance) {
  const db = app.db;

  legacyRoute(app, r.list, async (req) => {
    const { rows, totalCount } = await listActivityLogs({ db, actor: actorOf(req), query: req.query });
    const summaries = await describeActivity(db, rows);
    return { results: rows.map((r) => ({ ...serializeActivityLog(r), summary: summaries.get(r.id) })), totalCount };
  });

  legacyRoute(app, r.create, async (req) => {
    const row = await createActivityLog({ db, actor: actorOf(req), ...req.body });
    return { ...serializeActivityLog(row), summary: (await describeActivity(db, [row])).get(row.id) };
  });
}
