import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';
import type { Db, DbOrTx } from '../db/client.ts';
import type { Mailer } from '../plugins/mail.ts';
import type { Queue } from '../plugins/queue.ts';
import type { Storage } from '../plugins/storage.ts';

/**
 * What a domain operation may be given (decisions 0008 and 0010, "one signature for domain operations"): an
 * operation is `(deps, input)` and names in its type only the parts it uses, as
 * `Pick<Deps, 'db' | 'mail'>`. No operation receives the Fastify instance; a route or a job
 * hands over `depsOf(app)` (or just the parts), so an operation can be called from a route, a
 * worker or a test alike.
 */
export interface Deps {
  db: Db;
  storage: Storage;
  mail: Mailer;
  queue: Queue;
  config: Config;
  log: FastifyBaseLogger;
}

/** The parts of the app an operation may use. */
export function depsOf(app: FastifyInstance): Deps {
  return { db: app.db, storage: app.storage, mail: app.mail, queue: app.queue, config: app.config, log: app.log };
}

/**
 * The database part of `Deps` for a function other domains call inside their own transaction
 * (`{ db: tx }`): a transaction or the pool alike.
 */
export interface DbDeps {
  db: DbOrTx;
}
