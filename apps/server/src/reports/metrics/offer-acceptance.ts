import { type SQL, sql } from 'drizzle-orm';
import { inPeriod, type ReportScope } from '../period.ts';
import { forJob, type MetricDefinition, share } from './definition.ts';

const ANSWERS = [
  ['accepted', 'Accepted'],
  ['declined', 'Declined'],
] as const;

/** Offers the candidate answered in the period (accepted or declined on the offer page). */
const answered = (s: ReportScope): SQL =>
  sql`SELECT o.application_id AS app_id, o.status FROM offers o
       WHERE o.client_id = ${s.clientId}${forJob(sql`o.job_id`, s)} AND o.status IN ('accepted', 'declined') AND ${inPeriod(sql`o.answered_at`, s)}`;

/** Offer acceptance rate: of the offers answered in the period, the share accepted. Offers still unanswered are not counted. */
export const offerAcceptanceMetric: MetricDefinition = {
  unit: 'share',
  async figures(db, s) {
    const r = await db.execute<{ status: string; n: number }>(sql`SELECT status, count(*)::int AS n FROM (${answered(s)}) y GROUP BY 1`);
    const n = (k: string) => r.rows.find((x) => x.status === k)?.n ?? 0;
    const total = n('accepted') + n('declined');
    const rows = ANSWERS.map(([k, label]) => ({ key: k, label, count: n(k), value: share(n(k), total) }));
    return { value: share(n('accepted'), total), count: total, rows };
  },
  applications(s, key) {
    return sql`SELECT y.app_id, NULL::float8 AS days FROM (${answered(s)}) y${key ? sql` WHERE y.status = ${key}` : sql``}`;
  },
};
