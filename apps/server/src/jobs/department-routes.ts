import { errorReply } from '@hh/contract/common';
import * as c from '@hh/contract/jobs';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { loadAccessibleClient, requireProductRight } from '../auth/access.ts';
import { badRequest } from '../lib/app-error.ts';
import { actorOf } from '../plugins/auth.ts';
import { associatedCategories, deleteCategory, listCategories, saveCategory } from './categories.ts';
import { createDepartment, deleteDepartment, listDepartments, loadDepartment, serializeDepartment, updateDepartment } from './departments.ts';

const errors = { 400: errorReply, 401: errorReply, 403: errorReply, 404: errorReply, 409: errorReply };

/** 001 "Departments and categories". Errors are keyed `department` / `departments` as the spec names them. */
export default async function departmentRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['departments'];
  const scoped = (req: FastifyRequest, clientId: string, key = 'departments') => loadAccessibleClient(app.db, actorOf(req), clientId, key);
  const writer = (req: FastifyRequest) => requireProductRight(actorOf(req), 'harvest', 'editor', 'department');

  app.get(
    '/api/departments',
    {
      schema: {
        tags,
        querystring: z.object({ clientId: z.uuid(), departmentId: z.uuid().optional() }),
        response: { 200: z.union([c.department, c.departmentList]), ...errors },
      },
    },
    async (req) => {
      const client = await scoped(req, req.query.clientId);
      if (req.query.departmentId) return serializeDepartment(await loadDepartment(app.db, client.id, req.query.departmentId));
      const results = await listDepartments(app.db, client.id);
      return { results, totalCount: results.length };
    },
  );

  app.get(
    '/api/departments/get-by-client-id',
    { schema: { tags, querystring: c.clientIdQuery, response: { 200: c.departmentList, ...errors } } },
    async (req) => {
      const client = await scoped(req, req.query.clientId);
      const results = await listDepartments(app.db, client.id);
      return { results, totalCount: results.length };
    },
  );

  app.get(
    '/api/departments/get-by-category-ids',
    { schema: { tags, querystring: z.object({ clientId: z.uuid(), categoryIds: c.idList }), response: { 200: c.departmentList, ...errors } } },
    async (req) => {
      const client = await scoped(req, req.query.clientId);
      const results = await listDepartments(app.db, client.id, { categoryIds: req.query.categoryIds });
      return { results, totalCount: results.length };
    },
  );

  // The spec passes departmentIds only; the clientId scopes the lookup to a tenant the caller may see.
  app.get(
    '/api/departments/get-by-ids',
    { schema: { tags, querystring: z.object({ clientId: z.uuid(), departmentIds: c.idList }), response: { 200: c.departmentList, ...errors } } },
    async (req) => {
      const client = await scoped(req, req.query.clientId);
      const results = await listDepartments(app.db, client.id, { ids: req.query.departmentIds });
      return { results, totalCount: results.length };
    },
  );

  app.post(
    '/api/departments/create',
    { schema: { tags, body: c.createDepartmentRequest, response: { 201: c.departmentReply, ...errors } } },
    async (req, reply) => {
      const client = await scoped(req, req.body.clientId, 'department');
      writer(req);
      const out = await app.db.transaction((tx) =>
        createDepartment(tx, { clientId: client.id, actor: actorOf(req), name: req.body.name, categoryIds: req.body.categoryIds }),
      );
      return reply.status(201).send(out);
    },
  );

  app.patch('/api/departments/update', { schema: { tags, body: c.updateDepartmentRequest, response: { 200: c.departmentReply, ...errors } } }, async (req) => {
    const client = await scoped(req, req.body.clientId, 'department');
    writer(req);
    return app.db.transaction((tx) =>
      updateDepartment(tx, { clientId: client.id, actor: actorOf(req), id: req.body._id, name: req.body.name, categoryIds: req.body.categoryIds }),
    );
  });

  // DELETE takes its ids from the query string (or a JSON body, for callers that send one).
  app.delete(
    '/api/departments/delete',
    {
      schema: {
        tags,
        querystring: c.deleteDepartmentRequest.partial(),
        body: c.deleteDepartmentRequest.partial().nullish(),
        response: { 200: c.departmentReply, ...errors },
      },
    },
    async (req) => {
      const departmentId = req.query.departmentId ?? req.body?.departmentId;
      const clientId = req.query.clientId ?? req.body?.clientId;
      if (!departmentId || !clientId) throw badRequest('department', 'departmentId and clientId are required');
      const client = await scoped(req, clientId, 'department');
      writer(req);
      return app.db.transaction((tx) => deleteDepartment(tx, { clientId: client.id, actor: actorOf(req), id: departmentId }));
    },
  );

  app.get(
    '/api/departments/get-associated-categories',
    { schema: { tags, querystring: c.clientIdQuery, response: { 200: c.categoryList, ...errors } } },
    async (req) => {
      const client = await scoped(req, req.query.clientId);
      const results = await associatedCategories(app.db, client.id);
      return { results, totalCount: results.length };
    },
  );

  // Category management (ours: the product is its own job board).
  app.get('/api/categories', { schema: { tags, querystring: c.clientIdQuery, response: { 200: c.categoryList, ...errors } } }, async (req) => {
    const client = await scoped(req, req.query.clientId);
    const results = await listCategories(app.db, client.id);
    return { results, totalCount: results.length };
  });

  app.post('/api/categories/save', { schema: { tags, body: c.saveCategoryRequest, response: { 200: c.categoryReply, ...errors } } }, async (req) => {
    const client = await scoped(req, req.body.clientId, 'category');
    writer(req);
    return app.db.transaction((tx) => saveCategory(tx, { clientId: client.id, actor: actorOf(req), id: req.body.id, name: req.body.name }));
  });

  app.delete(
    '/api/categories/delete',
    { schema: { tags, querystring: z.object({ clientId: z.uuid(), id: z.uuid() }), response: { 200: c.categoryReply, ...errors } } },
    async (req) => {
      const client = await scoped(req, req.query.clientId, 'category');
      writer(req);
      return app.db.transaction((tx) => deleteCategory(tx, { clientId: client.id, actor: actorOf(req), id: req.query.id }));
    },
  );
}
