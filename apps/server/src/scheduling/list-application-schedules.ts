import type { schedulingRoutes as r } from '@hh/contract/scheduling';
import { requireClient } from '../auth/access.ts';
import type { Operation } from '../core/operation.ts';
import { loadApplication } from './load-link.ts';
import { SCHEDULERS } from './rights.ts';
import { applicationSchedules } from './serialize-schedule.ts';

/** GET /api/applications/{id}/scheduled-interviews: the links sent for the application and what the candidate booked. */
export const listApplicationSchedules: Operation<typeof r.ofApplication, 'db'> = async (deps, input) => {
  const client = await requireClient(deps, input.actor, input.clientId, SCHEDULERS, 'scheduling');
  const app = await loadApplication({ db: deps.db }, { clientId: client.id, applicationId: input.id });
  return { results: await applicationSchedules(deps.db, client.id, app.id) };
};
