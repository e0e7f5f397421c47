import { userRoutes as r } from '@hh/contract/users';
import type { FastifyInstance } from 'fastify';
import { actorOf } from '../plugins/auth.ts';
import { legacyRoute } from '../plugins/route.ts';
import { createUser } from './create-user.ts';
import { getUser } from './get-user.ts';
import { listOutbox } from './list-outbox.ts';
import { listUsers } from './list-users.ts';
import { serializeUser } from '../core/serialize-user.ts';
import { updateUser } from './update-user.ts';

/** Users (core spec §7 "Users"; rights in docs/permissions.md). update-password lives in auth/. */
export default async function usersRoutes(app: FastifyInstance) {
  const db = app.db;

  // The spec calls the list three ways: ?{query}, /list/?companyInfo (trailing slash) and /users/list?createdBy.
  for (const entry of [r.list, r.listSlash, r.listUsers]) {
    legacyRoute(app, entry, async (req) => {
      const { rows, totalCount } = await listUsers({ db, actor: actorOf(req), query: req.query });
      return { results: rows.map(serializeUser), totalCount };
    });
  }

  legacyRoute(app, r.get, async (req) => {
    const q = req.query;
    return serializeUser(await getUser({ db, actor: actorOf(req), userId: 'userId' in q ? q.userId : undefined, email: 'email' in q ? q.email : undefined }));
  });

  legacyRoute(app, r.create, async (req) => serializeUser(await createUser({ db, actor: actorOf(req), input: req.body })));

  legacyRoute(app, r.update, async (req) => {
    const { _id, ...input } = req.body;
    return serializeUser(await updateUser({ db, actor: actorOf(req), userId: _id, input }));
  });

  legacyRoute(app, r.outbox, async (req) => listOutbox({ db, actor: actorOf(req), page: req.query.page, pageSize: req.query.pageSize }));
}
