import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';

/**
 * A client's candidate data version (migration 1047): the sum of its rows in
 * candidate_search_versions, which a trigger on every table a search reply reads bumps in the
 * writing transaction. Read from the database on every search, so a write committed before the
 * search began is seen by it on this process and on every other one, on plain PostgreSQL and on
 * Citus alike, with no notification to wait for.
 */
export async function readSearchVersion(db: Db, clientId: string): Promise<number> {
  const r = await db.execute<{ v: string }>(sql`SELECT coalesce(sum(version), 0)::text AS v FROM candidate_search_versions WHERE client_id = ${clientId}`);
  return Number(r.rows[0]?.v ?? 0);
}

/**
 * Coalesces the version reads of one client: twenty searches arriving together cost one or two reads,
 * not twenty. A caller never takes the answer of a read that was already running when it arrived (that
 * read may have started before a write the caller's user just made); it waits for the next read, which
 * starts when the running one ends and is shared by everyone who arrived meanwhile.
 */
export class SearchVersions {
  private readonly running = new Map<string, Promise<number>>();
  private readonly queued = new Map<string, Promise<number>>();
  reads = 0;

  constructor(private readonly read: (clientId: string) => Promise<number>) {}

  current(clientId: string): Promise<number> {
    const queued = this.queued.get(clientId);
    if (queued) return queued;
    const running = this.running.get(clientId);
    if (!running) return this.start(clientId);
    const next = running.then(
      () => this.startQueued(clientId),
      () => this.startQueued(clientId),
    );
    this.queued.set(clientId, next);
    return next;
  }

  private startQueued(clientId: string): Promise<number> {
    this.queued.delete(clientId);
    return this.start(clientId);
  }

  private start(clientId: string): Promise<number> {
    this.reads++;
    const p = this.read(clientId).finally(() => {
      if (this.running.get(clientId) === p) this.running.delete(clientId);
    });
    this.running.set(clientId, p);
    return p;
  }
}
