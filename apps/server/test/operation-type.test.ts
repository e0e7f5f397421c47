import { departmentRoutes as r } from '@hh/contract/departments';
import type { FastifyInstance } from 'fastify';
import { expect, it } from 'vitest';
import type { Operation } from '../src/core/operation.ts';
import { route } from '../src/plugins/route.ts';

/**
 * The one operation type (decision 0010) is checked by the compiler: `route()` takes only an
 * operation of its entry's shape. Each `@ts-expect-error` below fails `npm run typecheck` if the
 * line it marks ever compiles, so these are fixtures that can fail, like the boundary fixtures.
 */
function registrations(app: FastifyInstance) {
  const good: Operation<typeof r.create, 'db'> = async (_deps, input) => ({
    _id: input.name,
    clientId: input.clientId ?? '',
    name: input.name,
    categoryIds: [],
    message: '',
  });
  route(app, r.create, good);

  // A handler of request and reply (the older shape) is not an operation.
  // @ts-expect-error the second parameter is the entry's input, not a Fastify reply
  route(app, r.create, async (req: { body: unknown }, reply: { send(x: unknown): void }) => reply.send(req.body));

  // An operation of another entry: its input has other fields.
  const other: Operation<typeof r.remove, 'db'> = async (_deps, input) => ({
    _id: input.departmentId ?? '',
    clientId: '',
    name: '',
    categoryIds: [],
    message: '',
  });
  // @ts-expect-error an operation answers the entry it is written for
  route(app, r.create, other);

  // An options object instead of (deps, input).
  // @ts-expect-error the first parameter is deps (Pick<Deps, …>), not the route's input
  route(app, r.create, async (opts: { clientId: string; name: string }) => ({ _id: opts.clientId, name: opts.name, categoryIds: [], message: '' }));

  // A reply the entry does not declare.
  // @ts-expect-error the result is the entry's reply (or an answer())
  route(app, r.create, async () => ({ unexpected: true }));
}

it('the fixtures above are compiled with the server (npm run typecheck)', () => {
  expect(typeof registrations).toBe('function');
});
