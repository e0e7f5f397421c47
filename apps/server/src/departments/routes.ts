import { categoryRoutes as c, departmentRoutes as r } from '@hh/contract/departments';
import type { FastifyInstance } from 'fastify';
import { route } from '../plugins/route.ts';
import { createDepartment } from './create-department.ts';
import { deleteCategory } from './delete-category.ts';
import { deleteDepartment } from './delete-department.ts';
import { listAssociatedCategories, listCategories } from './list-categories.ts';
import { listDepartmentsByCategories, listDepartmentsByClient, listDepartmentsByIds, listOrGetDepartments } from './list-departments.ts';
import { saveCategory } from './save-category.ts';
import { updateDepartment } from './update-department.ts';

/** 001 "Departments and categories". Errors are keyed `department` / `departments` as the spec names them. */
export default async function departmentRoutes(app: FastifyInstance) {
  route(app, r.list, listOrGetDepartments);
  route(app, r.byClientId, listDepartmentsByClient);
  route(app, r.byCategoryIds, listDepartmentsByCategories);
  route(app, r.byIds, listDepartmentsByIds);
  route(app, r.create, createDepartment);
  route(app, r.update, updateDepartment);
  route(app, r.remove, deleteDepartment);
  route(app, r.associatedCategories, listAssociatedCategories);
  route(app, c.list, listCategories);
  route(app, c.save, saveCategory);
  route(app, c.remove, deleteCategory);
}
