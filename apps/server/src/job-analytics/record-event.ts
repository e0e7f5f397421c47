import { sql } from 'drizzle-orm';
import type { Deps } from '../core/deps.ts';

interface EventRow {
  clientId: string;
  type: 'job_view' | 'search' | 'application';
  jobId: string | null;
  data: Record<string, unknown>;
  /** How many times this event was recorded since the last write. */
  n: number;
}

/**
 * Events waiting to be written, per app (its db), one entry per distinct event (client, type, job and
 * data) with its number; at most MAX_WAITING distinct ones (a database outage drops new ones, while
 * the same events keep being counted).
 */
interface Writer {
  waiting: Map<string, EventRow>;
  busy: boolean;
  /** The write loop under way, while busy. */
  flushing?: Promise<void>;
}
const writers = new WeakMap<object, Writer>();
/** The data of an event that has none (one object, so its grouping key is worked out once). */
const NO_DATA: Record<string, unknown> = Object.freeze({});
const MAX_WAITING = 10_000;
/** Rows in one INSERT at most. */
const BATCH = 1_000;
/**
 * After a write, how long events gather before the next one: a busy site writes a few rows ten times
 * a second, however many visits it answers; a quiet one (nothing waiting) writes its next event at once.
 */
const LINGER_MS = 100;

/**
 * First-party career-site analytics (job views, searches, applications) for /harvest/dashboard.
 * Written after the reply is decided and never awaited by the visitor; a failure is logged.
 * An event is written at once when no write is in flight. Events that arrive meanwhile (and for
 * LINGER_MS after it) are counted per distinct event and written together, one row per distinct
 * event with its number `n` (migration 1172): a popular cached page is one row per write, not one
 * per visit, so its visits cost PostgreSQL almost nothing (the row inserts had taken the CPU the
 * visitors' requests needed on a busy machine).
 */
export function recordEvent(
  deps: Pick<Deps, 'db' | 'log'>,
  input: { clientId: string; type: 'job_view' | 'search' | 'application'; jobId: string | null; data?: Record<string, unknown> },
) {
  const { clientId, type, jobId, data = NO_DATA } = input;
  let w = writers.get(deps.db);
  if (!w) writers.set(deps.db, (w = { waiting: new Map(), busy: false }));
  const key = `${clientId} ${type} ${jobId} ${dataKey(data)}`;
  const same = w.waiting.get(key);
  if (same) same.n++;
  else if (w.waiting.size < MAX_WAITING) w.waiting.set(key, { clientId, type, jobId, data, n: 1 });
  else return;
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
  let first = true;
  while (w.waiting.size) {
    if (!first) await new Promise((r) => setTimeout(r, LINGER_MS));
    first = false;
    const all = [...w.waiting.values()];
    w.waiting = new Map();
    for (let i = 0; i < all.length; i += BATCH) {
      const rows = all.slice(i, i + BATCH);
      // One parameter, however many rows: the batch as a JSON array, unpacked by PostgreSQL. Building a
      // multi-row VALUES list with four parameters a row cost 5–6 % of a busy career site's CPU.
      await deps.db
        .execute(
          sql`INSERT INTO site_events (client_id, type, job_id, data, n)
              SELECT (e->>'clientId')::uuid, e->>'type', (e->>'jobId')::uuid, e->'data', (e->>'n')::int FROM jsonb_array_elements(${JSON.stringify(rows)}::jsonb) e`,
        )
        .catch((err: unknown) =>
          deps.log.warn(
            { err, rows: rows.length, events: rows.reduce((a, r) => a + r.n, 0), clientId: rows[0]?.clientId, type: rows[0]?.type },
            'could not record site events',
          ),
        );
    }
  }
  w.busy = false;
}
