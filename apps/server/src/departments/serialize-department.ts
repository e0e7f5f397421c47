import type { departments } from '../db/schema/jobs.ts';

export type DepartmentRow = typeof departments.$inferSelect;

export const serializeDepartment = (d: DepartmentRow, jobCount?: number) => ({
  _id: d.id,
  clientId: d.clientId,
  name: d.name,
  categoryIds: d.categoryIds,
  ...(jobCount === undefined ? {} : { jobCount }),
});
