import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';

export type Db = NodePgDatabase<Record<string, never>>;
/** A transaction handle has the same query API as the database. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

export interface PoolTimeouts {
  /**
   * How long a query may wait for a connection (a new one, or a free one of a full pool) before it
   * fails: while PostgreSQL restarts, a request fails with 503 instead of waiting for ever.
   */
  connectTimeoutMs?: number;
  /** PostgreSQL's statement_timeout for every session of the pool (0: none). */
  statementTimeoutMs?: number;
}

export function createPool(url: string, max = 10, timeouts: PoolTimeouts = {}): pg.Pool {
  const pool = new pg.Pool({
    connectionString: url,
    max,
    // TCP keepalive: a connection whose peer vanished (a PostgreSQL host that died without closing
    // it) is noticed by the kernel instead of holding its query for ever.
    keepAlive: true,
    ...(timeouts.connectTimeoutMs ? { connectionTimeoutMillis: timeouts.connectTimeoutMs } : {}),
    ...(timeouts.statementTimeoutMs ? { statement_timeout: timeouts.statementTimeoutMs } : {}),
  });
  pool.on('error', () => {
    // An idle client lost its connection (database restart). The pool replaces it; queries report their own errors.
  });
  pool.on('connect', (client) => {
    // A checked-out client between two statements (inside a transaction) has no listener of the
    // pool's, so PostgreSQL ending its session (a restart: 57P01) would be an unhandled 'error' event
    // that stops the whole process. With this one the client is only marked broken: its next query
    // fails (answered 503), and the pool drops it when it is released.
    client.on('error', () => {});
  });
  return pool;
}

export function createDb(pool: pg.Pool): Db {
  return drizzle(pool);
}

/**
 * SQLSTATEs that mean "the database cannot serve this now, try again": class 08 (connection
 * exception), 53300 (too many connections), 57P01-57P03 (shutting down, crashed, starting up),
 * 57014 (statement_timeout or a cancel), 40001/40P01 are not here (those are the caller's retry).
 */
const UNAVAILABLE_SQLSTATE = /^(08...|53300|57P01|57P02|57P03|57014)$/;
/** Socket errors from the driver when PostgreSQL is down or the link broke. */
const UNAVAILABLE_ERRNO = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTCONN', 'EAI_AGAIN']);
/** node-postgres's own messages for a lost or never-made connection (they carry no code). */
const UNAVAILABLE_MESSAGE =
  /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Connection ended unexpectedly|the database system is (starting up|shutting down|in recovery mode)|Query read timeout/i;

/**
 * True when an error (or its cause, as drizzle wraps driver errors) says the database is
 * unreachable for the moment rather than that the query was wrong: the error handler answers
 * 503 with Retry-After for these (plugins/errors.ts).
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  for (
    let e = err as { code?: unknown; message?: unknown; cause?: unknown } | undefined, i = 0;
    e && typeof e === 'object' && i < 6;
    e = e.cause as typeof e, i++
  ) {
    const code = typeof e.code === 'string' ? e.code : '';
    if (UNAVAILABLE_SQLSTATE.test(code) || UNAVAILABLE_ERRNO.has(code)) return true;
    if (typeof e.message === 'string' && UNAVAILABLE_MESSAGE.test(e.message)) return true;
  }
  return false;
}
