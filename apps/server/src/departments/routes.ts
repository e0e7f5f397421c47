import { categoryRoutes, departmentRoutes as r } from '@hh/contract/jobs';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { loadAccessibleClient, requireProductRight, selectedClientId } from '../auth/access.ts';
import { badRequest } from '../lib/app-error.ts';
import { actorOf } from '../plugins/auth.ts';
import { route } from '../plugins/route.ts';
import { createDepartment } from './create-department.ts';
import { deleteCategory } from './delete-category.ts';
import { deleteDepartment } from './delete-department.ts';
import { associatedCategories, listCategories } from './list-categories.ts';
import { listDepartments } from './list-departments.ts';
import { loadDepartment } from './load-department.ts';
import { saveCategory } from './save-category.ts';
import { serializeDepartment } from './serialize-department.ts';
import { updateDepartment } from './update-department.ts';

/** 001 "Departments and categories". Errors are keyed `department` / `departments` as the spec names them. */
export default async function departmentRoutes(app: FastifyInstance) {
  const scoped = (req: FastifyRequest, clientId: string, key = 'departments') => loadAccessibleClient(app.db, actorOf(req), clientId, key);
  const writer = (req: FastifyRequest) => requireProductRight(actorOf(req), 'harvest', 'editor', 'department');

  route(app, r.list, async (req) => {
    const client = await scoped(req, selectedClientId(req, req.query.clientId));
    if (req.query.departmentId) return serializeDepartment(await loadDepartment(app.db, client.id, req.query.departmentId));
    const results = await listDepartments(app.db, client.id);
    return { results, totalCount: results.length };
  });

  route(app, r.byClientId, async (req) => {
    const client = await scoped(req, req.query.clientId);
    const results = await listDepartments(app.db, client.id);
    return { results, totalCount: results.length };
  });

  route(app, r.byCategoryIds, async (req) => {
    const client = await scoped(req, req.query.clientId);
    const results = await listDepartments(app.db, client.id, { categoryIds: req.query.categoryIds });
    return { results, totalCount: results.length };
  });

  // The spec passes departmentIds only; the clientId (or the selected client) scopes the lookup to a tenant the caller may see.
  route(app, r.byIds, async (req) => {
    const client = await scoped(req, selectedClientId(req, req.query.clientId));
    const results = await listDepartments(app.db, client.id, { ids: req.query.departmentIds });
    return { results, totalCount: results.length };
  });

  route(app, r.create, async (req) => {
    const client = await scoped(req, req.body.clientId, 'department');
    writer(req);
    return app.db.transaction((tx) =>
      createDepartment(tx, { clientId: client.id, actor: actorOf(req), name: req.body.name, categoryIds: req.body.categoryIds }),
    );
  });

  route(app, r.update, async (req) => {
    const client = await scoped(req, req.body.clientId, 'department');
    writer(req);
    return app.db.transaction((tx) =>
      updateDepartment(tx, { clientId: client.id, actor: actorOf(req), id: req.body._id, name: req.body.name, categoryIds: req.body.categoryIds }),
    );
  });

  // DELETE takes its ids from the query string (or a JSON body, for callers that send one).
  route(app, r.remove, async (req) => {
    const departmentId = req.query.departmentId ?? req.body?.departmentId;
    const clientId = req.query.clientId ?? req.body?.clientId;
    if (!departmentId || !clientId) throw badRequest('department', 'departmentId and clientId are required');
    const client = await scoped(req, clientId, 'department');
    writer(req);
    return app.db.transaction((tx) => deleteDepartment(tx, { clientId: client.id, actor: actorOf(req), id: departmentId }));
  });

  route(app, r.associatedCategories, async (req) => {
    const client = await scoped(req, req.query.clientId);
    const results = await associatedCategories(app.db, client.id);
    return { results, totalCount: results.length };
  });

  // Category management (ours: the product is its own job board).
  route(app, categoryRoutes.list, async (req) => {
    const client = await scoped(req, req.query.clientId);
    const results = await listCategories(app.db, client.id);
    return { results, totalCount: results.length };
  });

  route(app, categoryRoutes.save, async (req) => {
    const client = await scoped(req, req.body.clientId, 'category');
    writer(req);
    return app.db.transaction((tx) => saveCategory(tx, { clientId: client.id, actor: actorOf(req), id: req.body.id, name: req.body.name }));
  });

  route(app, categoryRoutes.remove, async (req) => {
    const client = await scoped(req, req.query.clientId, 'category');
    writer(req);
    return app.db.transaction((tx) => deleteCategory(tx, { clientId: client.id, actor: actorOf(req), id: req.query.id }));
  });
}
