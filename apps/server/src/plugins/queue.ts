import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import PgBoss from 'pg-boss';

/**
 * Background work goes through pg-boss, a job queue kept in PostgreSQL, so no other server
 * is needed. Handlers are registered by domain plugins with `app.queue.work`.
 */
export interface Queue {
  send(name: string, data: object, options?: PgBoss.SendOptions): Promise<string | null>;
  work<T extends object>(name: string, handler: (data: T) => Promise<void>, options?: { batchSize?: number }): Promise<void>;
  boss: PgBoss | null;
}

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
    } satisfies Queue);
    return;
  }
  const boss = new PgBoss({ connectionString: app.databaseUrl, max: 4, schema: 'pgboss' });
  boss.on('error', (err) => app.log.error({ err }, 'queue error'));
  await boss.start();
  const queues = new Set<string>();
  const ensure = async (name: string) => {
    if (queues.has(name)) return;
    await boss.createQueue(name);
    queues.add(name);
  };
  app.decorate('queue', {
    boss,
    async send(name, data, options) {
      await ensure(name);
      return boss.send(name, data, { retryLimit: 3, retryDelay: 5, ...options });
    },
    async work(name, handler, options) {
      await ensure(name);
      await boss.work<object>(name, { pollingIntervalSeconds: 0.5, batchSize: options?.batchSize ?? 1 }, async (jobs) => {
        for (const job of jobs) await handler(job.data as never);
      });
    },
  } satisfies Queue);
  app.addHook('onClose', async () => {
    await boss.stop({ graceful: true, wait: true, timeout: 10000 });
  });
});
