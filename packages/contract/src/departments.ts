import { z } from 'zod';
import { id, paged } from './common.ts';
import { defineRoute } from './route.ts';
import { clientIdQuery, errors } from './shared.ts';

const str = (max = 500) => z.string().trim().max(max);

// ---------- Departments and categories ----------

export const department = z.object({ _id: id, clientId: id, name: z.string(), categoryIds: z.array(id), jobCount: z.number().int().optional() });
export type Department = z.infer<typeof department>;
export const departmentList = paged(department);
export const createDepartmentRequest = z.object({ clientId: id, name: str(200).min(1), categoryIds: z.array(id).max(200).default([]) });
export const updateDepartmentRequest = z.object({ _id: id, clientId: id, name: str(200).min(1).optional(), categoryIds: z.array(id).max(200).optional() });
export const deleteDepartmentRequest = z.object({ departmentId: id, clientId: id });
export const departmentReply = department.extend({ message: z.string() });

export const category = z.object({ id: id, clientId: id, name: z.string(), departmentIds: z.array(id).optional() });
export const categoryList = paged(category);
export const saveCategoryRequest = z.object({ clientId: id, id: id.optional(), name: str(200).min(1) });
export const categoryReply = category.extend({ message: z.string() });

/** Comma-joined id lists in query strings. */
export const idList = z
  .union([z.string(), z.array(z.string())])
  .transform((v) =>
    [v]
      .flat()
      .flatMap((s) => s.split(','))
      .map((s) => s.trim())
      .filter(Boolean),
  )
  .pipe(z.array(id).max(500));

/** `clientId` may be left out: the portal's selected client (X-Client-Id) is used, as for `departmentId` alone in 001 §7. */
export const departmentsQuery = z.object({ clientId: z.uuid().optional(), departmentId: z.uuid().optional() });
/** One department when `departmentId` is given, else the list. */
export const departmentsReply = z.union([department, departmentList]);
export const departmentsByCategoryIdsQuery = z.object({ clientId: z.uuid(), categoryIds: idList });
export const departmentsByIdsQuery = z.object({ clientId: z.uuid().optional(), departmentIds: idList });
/** DELETE takes its ids from the query string (or a JSON body, for callers that send one). */
export const deleteDepartmentQuery = deleteDepartmentRequest.partial();
export const deleteDepartmentBody = deleteDepartmentRequest.partial().nullish();
export const deleteCategoryQuery = z.object({ clientId: z.uuid(), id: z.uuid() });

export const departmentTags = ['departments'];

/** 001 "Departments and categories" (apps/server/src/departments/routes.ts). */
export const departmentRoutes = {
  list: defineRoute({ method: 'GET', path: '/api/departments', query: departmentsQuery, status: 200, reply: departmentsReply, errors, tags: departmentTags }),
  byClientId: defineRoute({
    method: 'GET',
    path: '/api/departments/get-by-client-id',
    query: clientIdQuery,
    status: 200,
    reply: departmentList,
    errors,
    tags: departmentTags,
  }),
  byCategoryIds: defineRoute({
    method: 'GET',
    path: '/api/departments/get-by-category-ids',
    query: departmentsByCategoryIdsQuery,
    status: 200,
    reply: departmentList,
    errors,
    tags: departmentTags,
  }),
  // The spec passes departmentIds only; the clientId scopes the lookup to a tenant the caller may see.
  byIds: defineRoute({
    method: 'GET',
    path: '/api/departments/get-by-ids',
    query: departmentsByIdsQuery,
    status: 200,
    reply: departmentList,
    errors,
    tags: departmentTags,
  }),
  create: defineRoute({
    method: 'POST',
    path: '/api/departments/create',
    body: createDepartmentRequest,
    status: 201,
    reply: departmentReply,
    errors,
    tags: departmentTags,
  }),
  update: defineRoute({
    method: 'PATCH',
    path: '/api/departments/update',
    body: updateDepartmentRequest,
    status: 200,
    reply: departmentReply,
    errors,
    tags: departmentTags,
  }),
  remove: defineRoute({
    method: 'DELETE',
    path: '/api/departments/delete',
    query: deleteDepartmentQuery,
    body: deleteDepartmentBody,
    status: 200,
    reply: departmentReply,
    errors,
    tags: departmentTags,
  }),
  associatedCategories: defineRoute({
    method: 'GET',
    path: '/api/departments/get-associated-categories',
    query: clientIdQuery,
    status: 200,
    reply: categoryList,
    errors,
    tags: departmentTags,
  }),
};

/** Category management (ours: the product is its own job board); served with the departments. */
export const categoryRoutes = {
  list: defineRoute({ method: 'GET', path: '/api/categories', query: clientIdQuery, status: 200, reply: categoryList, errors, tags: departmentTags }),
  save: defineRoute({
    method: 'POST',
    path: '/api/categories/save',
    body: saveCategoryRequest,
    status: 200,
    reply: categoryReply,
    errors,
    tags: departmentTags,
  }),
  remove: defineRoute({
    method: 'DELETE',
    path: '/api/categories/delete',
    query: deleteCategoryQuery,
    status: 200,
    reply: categoryReply,
    errors,
    tags: departmentTags,
  }),
};
