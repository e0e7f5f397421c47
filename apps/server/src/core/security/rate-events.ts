import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { rateEvents } from '../../db/schema/security.ts';
import { tooManyRequests } from '../../lib/app-error.ts';

/**
 * Counters that must hold across processes (decision 0400, docs/security.md): kept in PostgreSQL
 * (`rate_events`), unlike the per-address limits of @fastify/rate-limit, which live in each process.
 * A bucket names the limit; a key names the account, the job or the client it applies to.
 */
export interface Limit {
  bucket: string;
  max: number;
  windowSeconds: number;
}

/** Sum of `amount` for the key within the window, and when the oldest counted event leaves it. */
export async function usage(db: DbOrTx, limit: Limit, key: string): Promise<{ used: number; retryAfter: number }> {
  const since = new Date(Date.now() - limit.windowSeconds * 1000);
  const [row] = await db
    .select({ used: sql<string>`coalesce(sum(${rateEvents.amount}), 0)`, oldest: sql<Date | null>`min(${rateEvents.at})` })
    .from(rateEvents)
    .where(and(eq(rateEvents.bucket, limit.bucket), eq(rateEvents.key, key), gt(rateEvents.at, since)));
  const oldest = row?.oldest ? new Date(row.oldest).getTime() : Date.now();
  return { used: Number(row?.used ?? 0), retryAfter: Math.max(1, Math.ceil((oldest + limit.windowSeconds * 1000 - Date.now()) / 1000)) };
}

/** Throws 429 (with Retry-After) when `amount` more would pass the limit; otherwise nothing. */
export async function checkLimit(db: DbOrTx, limit: Limit, key: string, message: string, errorKey = 'request', amount = 1): Promise<void> {
  const { used, retryAfter } = await usage(db, limit, key);
  if (used + amount > limit.max) throw tooManyRequests(errorKey, message, retryAfter);
}

/** Counts one event (or `amount`, e.g. bytes) against the key. */
export async function recordEvent(db: DbOrTx, limit: Limit, key: string, amount = 1): Promise<void> {
  await db.insert(rateEvents).values({ bucket: limit.bucket, key, amount });
  // Keep the table small: events older than a day no longer count for any limit.
  if (Math.random() < 0.01) await db.delete(rateEvents).where(lt(rateEvents.at, new Date(Date.now() - 86_400_000)));
}

/** checkLimit then recordEvent: the usual "one more attempt" step. */
export async function consume(db: DbOrTx, limit: Limit, key: string, message: string, errorKey = 'request', amount = 1): Promise<void> {
  await checkLimit(db, limit, key, message, errorKey, amount);
  await recordEvent(db, limit, key, amount);
}

/** Clears a key (a successful sign-in or password change ends the streak of failures). */
export async function clearKey(db: DbOrTx, bucket: string, key: string): Promise<void> {
  await db.delete(rateEvents).where(and(eq(rateEvents.bucket, bucket), eq(rateEvents.key, key)));
}
