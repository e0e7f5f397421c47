import { sql } from 'drizzle-orm';
import type { Deps } from '../core/deps.ts';

interface EventRow {
  clientId: string;
  type: 'job_view' | 'search' | 'application';
  jobId: string | null;
  data: Record<string, unknown>;
}

/** Events waiting while a write is in flight, per app (its db); at most MAX_WAITING (a database outage drops the rest). */
interface Writer {
  waiting: EventRow[];
  busy: boolean;
  /** The write loop under way, while busy. */
  flushing?: Promise<void>;
}
const writers = new WeakMap<object, Writer>();
/** The data of an event that has none (one object, so its grouping key is worked out once). */
const NO_DATA: Record<string, unknown> = Object.freeze({});
const MAX_WAITING = 10_000;
const BATCH = 1_000;

/**
 * First-party career-site analytics (job views, searches, applications) for /harvest/dashboard.
 * Written after the reply is decided and never awaited by the visitor; a failure is logged.
 * An event is written at once when no write is in flight; events that arrive meanwhile go in the
 * next write, one multi-row INSERT, so a busy career site (a cached page is served in well under a
 * millisecond) costs one insert per round trip rather than one per visit.
 */
export function recordEvent(
  deps: Pick<Deps, 'db' | 'log'>,
  input: { clientId: string; type: 'job_view' | 'search' | 'application'; jobId: string | null; data?: Record<string, unknown> },
) {
  const { clientId, type, jobId, data = NO_DATA } = input;
  let w = writers.get(deps.db);
  if (!w) writers.set(deps.db, (w = { waiting: [], busy: false }));
  if (w.waiting.length >= MAX_WAITING) return;
  w.waiting.push({ clientId, type, jobId, data });
  if (!w.busy) w.flushing = flush(deps, w);
}

/** Resolves once every event recorded so far has been written (or dropped with a warning): for tests. */
export async function eventsSettled({ db }: Pick<Deps, 'db'>): Promise<void> {
  const w = writers.get(db);
  while (w?.busy && w.flushing) await w.flushing;
}

/**
 * An event's data as text, for grouping: worked out once per data object (the visits a cached page
 * answers all record the page's one event object).
 */
const dataKeys = new WeakMap<object, string>();
function dataKey(data: Record<string, unknown>): string {
  let key = dataKeys.get(data);
  if (key === undefined) {
    key = JSON.stringify(data);
    dataKeys.set(data, key);
  }
  return key;
}

async function flush(deps: Pick<Deps, 'db' | 'log'>, w: Writer) {
  w.busy = true;
  while (w.waiting.length) {
    const events = w.waiting.splice(0, BATCH);
    // The same event (client, type, job and data) recorded many times while the last write was in
    // flight is one row with its number: a popular cached page is one row per write, not hundreds.
    const groups = new Map<string, EventRow & { n: number }>();
    for (const e of events) {
      const key = `${e.clientId} ${e.type} ${e.jobId} ${dataKey(e.data)}`;
      const g = groups.get(key);
      if (g) g.n++;
      else groups.set(key, { ...e, n: 1 });
    }
    const rows = [...groups.values()];
    // One parameter, however many rows: the batch as a JSON array, unpacked by PostgreSQL. Building a
    // multi-row VALUES list with four parameters a row cost 5–6 % of a busy career site's CPU.
    await deps.db
      .execute(
        sql`INSERT INTO site_events (client_id, type, job_id, data, n)
            SELECT (e->>'clientId')::uuid, e->>'type', (e->>'jobId')::uuid, e->'data', (e->>'n')::int FROM jsonb_array_elements(${JSON.stringify(rows)}::jsonb) e`,
      )
      .catch((err: unknown) => deps.log.warn({ err, events: events.length, clientId: rows[0]?.clientId, type: rows[0]?.type }, 'could not record site events'));
  }
  w.busy = false;
}
