import { errorReply } from '@hh/contract/common';
import * as u from '@hh/contract/users';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf } from '../plugins/auth.ts';
import { createUser } from './create-user.ts';
import { getUser } from './get-user.ts';
import { listOutbox } from './list-outbox.ts';
import { listUsers } from './list-users.ts';
import { serializeUser } from '../core/serialize-user.ts';
import { updateUser } from './update-user.ts';

const errors = { 400: errorReply, 401: errorReply, 403: errorReply, 404: errorReply, 409: errorReply };

/** Users (core spec §7 "Users"; rights in docs/permissions.md). update-password lives in auth/. */
export default async function usersRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['users'];
  const db = app.db;

  // The spec calls the list three ways: ?{query}, /list/?companyInfo (trailing slash) and /users/list?createdBy.
  for (const url of ['/api/user/list', '/api/user/list/', '/api/users/list']) {
    app.get(url, { schema: { tags, querystring: u.userListQuery, response: { 200: u.userListReply, ...errors } } }, async (req) => {
      const { rows, totalCount } = await listUsers({ db, actor: actorOf(req), query: req.query });
      return { results: rows.map(serializeUser), totalCount };
    });
  }

  app.get('/api/user', { schema: { tags, querystring: u.userLookupQuery, response: { 200: u.user, ...errors } } }, async (req) => {
    const q = req.query;
    return serializeUser(await getUser({ db, actor: actorOf(req), userId: 'userId' in q ? q.userId : undefined, email: 'email' in q ? q.email : undefined }));
  });

  app.post('/api/user/create', { schema: { tags, body: u.createUserRequest, response: { 201: u.user, ...errors } } }, async (req, reply) => {
    const row = await createUser({ db, actor: actorOf(req), input: req.body });
    return reply.status(201).send(serializeUser(row));
  });

  app.patch('/api/user/update', { schema: { tags, body: u.updateUserRequest, response: { 200: u.user, ...errors } } }, async (req) => {
    const { _id, ...input } = req.body;
    return serializeUser(await updateUser({ db, actor: actorOf(req), userId: _id, input }));
  });

  app.get('/api/outbox', { schema: { tags, querystring: u.outboxQuery, response: { 200: u.outboxList, ...errors } } }, async (req) =>
    listOutbox({ db, actor: actorOf(req), page: req.query.page, pageSize: req.query.pageSize }),
  );
}
