import { messages } from '@hh/contract/messages';
import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { departments } from '../db/schema/jobs.ts';
import { notFound } from '../lib/app-error.ts';
import type { DepartmentRow } from './serialize-department.ts';

export async function loadDepartment(db: DbOrTx, clientId: string, id: string): Promise<DepartmentRow> {
  const [d] = await db
    .select()
    .from(departments)
    .where(and(eq(departments.clientId, clientId), eq(departments.id, id)));
  if (!d) throw notFound('department', messages.jobs.departmentNotFound);
  return d;
}
