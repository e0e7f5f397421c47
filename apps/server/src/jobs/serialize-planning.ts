import type { JobRow } from './serialize.ts';

/** Core spec §3 job-planning entry: adid, budget (dollar amount as a string), indeedApply, questionsListId. */
export const planningOf = (r: JobRow) => ({
  _id: r.id,
  clientId: r.clientId,
  adid: r.adid,
  title: r.title,
  referenceNumber: r.referenceNumber,
  status: r.status,
  budget: r.budget === null ? '0' : Number(r.budget).toFixed(2),
  indeedApply: r.indeedApply,
  questionsListId: r.questionsListId,
});
