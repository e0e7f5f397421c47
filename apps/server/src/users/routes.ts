import { userRoutes as r } from '@hh/contract/users';
import type { FastifyInstance } from 'fastify';
import { route } from '../plugins/route.ts';
import { createUser } from './create-user.ts';
import { getUser } from './get-user.ts';
import { listOutbox } from './list-outbox.ts';
import { listUsers } from './list-users.ts';
import { updateUser } from './update-user.ts';

/** Users (core spec §7 "Users"; rights in docs/permissions.md). update-password lives in auth/. */
export default async function usersRoutes(app: FastifyInstance) {
  // The spec calls the list three ways: ?{query}, /list/?companyInfo (trailing slash) and /users/list?createdBy.
  route(app, r.list, listUsers);
  route<typeof r.listSlash>(app, r.listSlash, listUsers);
  route<typeof r.listUsers>(app, r.listUsers, listUsers);
  route(app, r.get, getUser);
  route(app, r.create, createUser);
  route(app, r.update, updateUser);
  route(app, r.outbox, listOutbox);
}
