import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import PgBoss from 'pg-boss';
import { isDatabaseUnavailable } from '../db/client.ts';

/**
 * Background work goes through pg-boss, a job queue kept in PostgreSQL, so no other server
 * is needed. Every queue, its handler, retry policy and schedule are listed in src/workers.ts,
 * which is the only caller of `work` and `schedule`; domain code only calls `send`.
 */
export interface RetryPolicy {
  /** Retries after the first attempt (0: run once). */
  retryLimit: number;
  retryDelay?: number;
  /**
   * How long one run may take before the queue counts it lost and runs it again (a retry): a
   * process killed mid-job leaves its job active, and this is when another process takes it over.
   * pg-boss's 15 minutes when unset; JOB_EXPIRE_SECONDS overrides every queue.
   */
  expireInSeconds?: number;
}

export interface Queue {
  /** Enqueue; the queue's retry policy (from workers.ts) applies unless `options` overrides it. */
  send(name: string, data: object, options?: PgBoss.SendOptions): Promise<string | null>;
  work<T extends object>(name: string, handler: (data: T) => Promise<void>, options?: { batchSize?: number } & Partial<RetryPolicy>): Promise<void>;
  /** A cron schedule that sends `{}` to the queue (no-op when the queue is off). */
  schedule(name: string, cron: string): Promise<void>;
  boss: PgBoss | null;
}

const DEFAULT_RETRY: RetryPolicy = { retryLimit: 3, retryDelay: 5 };

declare module 'fastify' {
  interface FastifyInstance {
    queue: Queue;
  }
}

export default fp(async function queuePlugin(app: FastifyInstance) {
  if (!app.config.QUEUE_ENABLED) {
    // Queue off (a one-off CLI): jobs run inline so nothing is lost.
    const handlers = new Map<string, (d: object) => Promise<void>>();
    app.decorate('queue', {
      boss: null,
      async send(name, data) {
        const h = handlers.get(name);
        if (h) await h(data);
        return null;
      },
      async work(name, handler) {
        handlers.set(name, handler as (d: object) => Promise<void>);
      },
      async schedule() {},
    } satisfies Queue);
    return;
  }
  // maintenanceIntervalSeconds: how often jobs whose process died (active past their time limit) are
  // sent to retry. The queue's pool, like the app's, gives up connecting after DB_CONNECT_TIMEOUT_MS.
  const options: PgBoss.ConstructorOptions & { connectionTimeoutMillis: number } = {
    connectionString: app.databaseUrl,
    max: 4,
    schema: 'pgboss',
    maintenanceIntervalSeconds: app.config.QUEUE_MAINTENANCE_SECONDS,
    connectionTimeoutMillis: app.config.DB_CONNECT_TIMEOUT_MS, // handed to its pg.Pool
  };
  const boss = new PgBoss(options);
  // While PostgreSQL restarts, polling fails until it is back: a warning, not an error (the workers carry on).
  boss.on('error', (err) =>
    isDatabaseUnavailable(err) ? app.log.warn({ err: err.message }, 'queue: database unavailable') : app.log.error({ err }, 'queue error'),
  );
  await boss.start();
  const queues = new Set<string>();
  const policies = new Map<string, Partial<RetryPolicy>>();
  // Processes starting together create the same queues at once: PostgreSQL may pick one of them as a
  // deadlock victim (40P01), or see the other's row first (23505). Both mean "try again": creating
  // an existing queue is a no-op. Found by the two-process test on the Citus cluster.
  const ensure = async (name: string) => {
    if (queues.has(name)) return;
    for (let attempt = 1; ; attempt++) {
      try {
        await boss.createQueue(name);
        break;
      } catch (err) {
        const code = (err as { code?: string }).code;
        if ((code !== '40P01' && code !== '23505') || attempt >= 5) throw err;
        await new Promise((r) => setTimeout(r, 50 + Math.random() * 200 * attempt));
      }
    }
    queues.add(name);
  };
  app.decorate('queue', {
    boss,
    async send(name, data, options) {
      await ensure(name);
      return boss.send(name, data, { ...DEFAULT_RETRY, ...policies.get(name), ...options });
    },
    async work(name, handler, options) {
      const policy: Partial<RetryPolicy> = {};
      if (options?.retryLimit !== undefined) policy.retryLimit = options.retryLimit;
      if (options?.retryDelay !== undefined) policy.retryDelay = options.retryDelay;
      if (options?.expireInSeconds !== undefined) policy.expireInSeconds = options.expireInSeconds;
      if (app.config.JOB_EXPIRE_SECONDS !== undefined) policy.expireInSeconds = app.config.JOB_EXPIRE_SECONDS;
      policies.set(name, policy);
      await ensure(name);
      await boss.work<object>(name, { pollingIntervalSeconds: 0.5, batchSize: options?.batchSize ?? 1 }, async (jobs) => {
        for (const job of jobs) await handler(job.data as never);
      });
    },
    async schedule(name, cron) {
      await ensure(name);
      await boss.schedule(name, cron, {}, { ...DEFAULT_RETRY, ...policies.get(name) });
    },
  } satisfies Queue);
  app.addHook('onClose', async () => {
    await boss.stop({ graceful: true, wait: true, timeout: 10000 });
  });
});

/**
 * One background job: the queue it serves, its handler, its retry policy and, for periodic
 * work, its cron schedule. Each lives in `<domain>/jobs/<name>.job.ts` and is listed in
 * src/workers.ts.
 */
export interface JobDefinition<T extends object> {
  queue: string;
  retry: RetryPolicy;
  /** Cron expression (server time, UTC); the scheduler sends `{}` to the queue. */
  schedule?: string;
  handler: (app: FastifyInstance, data: T) => Promise<void>;
}

export const defineJob = <T extends object>(job: JobDefinition<T>): JobDefinition<T> => job;
