import type { Slot } from '../calendars/index.ts';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { scheduledInterviewHolds, scheduledInterviews } from '../db/schema/scheduling.ts';
import type { LinkContext, Person } from './load-link.ts';
import { slotAt } from './slots.ts';

/**
 * Round-robin pools (docs/scheduling.md, "Pools"): an interview may name a pool of interviewers of
 * whom one is needed. A booking takes the pool member free at the time with the fewest interviews
 * booked in the coming POOL_PERIOD_DAYS days (ties: the one booked least recently, then by name).
 */
export const POOL_PERIOD_DAYS = 14;

/**
 * Takes the pool's lock for the rest of the transaction: a transaction-scoped advisory lock per
 * member, in one order, so two bookings choosing among the same people run their choice one after the
 * other. The second then sees the first's holds (each statement reads what has committed) and chooses
 * another member, where the holds' exclusion constraint alone would have refused it.
 */
export async function lockPool(tx: DbOrTx, clientId: string, pool: Person[]): Promise<void> {
  for (const id of pool.map((p) => p.id).sort())
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${`scheduling-pool:${clientId}:${id}`}, 0))`);
}

/** The pool member to book at `slot` (free then with everyone required), or null when none is. Call under `lockPool`. */
export async function choosePoolMember(tx: DbOrTx, ctx: LinkContext, slot: Slot, now: Date): Promise<Person | null> {
  const clientId = ctx.link.clientId;
  const required = ctx.interviewers.map((p) => p.id);
  const free: Person[] = [];
  for (const p of ctx.pool) if (await slotAt(tx, clientId, [...required, p.id], slot.start, ctx.interview.durationMinutes, now)) free.push(p);
  if (free.length < 2) return free[0] ?? null;
  const periodEnd = new Date(now.getTime() + POOL_PERIOD_DAYS * 86_400_000);
  const rows = await tx
    .select({
      userId: scheduledInterviewHolds.userId,
      coming: sql<number>`count(*) filter (where ${scheduledInterviewHolds.startsAt} >= ${now} and ${scheduledInterviewHolds.startsAt} < ${periodEnd})`.mapWith(
        Number,
      ),
      last: sql<Date | null>`max(${scheduledInterviews.createdAt})`.mapWith((v: string | null) => (v ? new Date(v) : null)),
    })
    .from(scheduledInterviewHolds)
    .innerJoin(
      scheduledInterviews,
      and(eq(scheduledInterviews.clientId, scheduledInterviewHolds.clientId), eq(scheduledInterviews.id, scheduledInterviewHolds.scheduledInterviewId)),
    )
    .where(
      and(
        eq(scheduledInterviewHolds.clientId, clientId),
        inArray(
          scheduledInterviewHolds.userId,
          free.map((p) => p.id),
        ),
      ),
    )
    .groupBy(scheduledInterviewHolds.userId);
  const stats = new Map(rows.map((r) => [r.userId, r]));
  const key = (p: Person) => ({ coming: stats.get(p.id)?.coming ?? 0, last: stats.get(p.id)?.last?.getTime() ?? 0 });
  return [...free].sort((a, b) => {
    const x = key(a);
    const y = key(b);
    return x.coming - y.coming || x.last - y.last || a.name.localeCompare(b.name) || a.id.localeCompare(b.id);
  })[0];
}
