import { messages } from '@hh/contract/messages';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { departments, jobCategories } from '../db/schema/jobs.ts';
import { conflict, notFound } from '../lib/app-error.ts';

/** Every category id belongs to the client (else the spec's not-found). */
export async function assertCategories(db: DbOrTx, clientId: string, ids: string[]) {
  if (!ids.length) return;
  const found = await db
    .select({ id: jobCategories.id })
    .from(jobCategories)
    .where(and(eq(jobCategories.clientId, clientId), inArray(jobCategories.id, ids)));
  if (found.length !== new Set(ids).size) throw notFound('categoryIds', messages.jobs.categoryNotFound);
}

/** No other department of the client has this name (case-insensitive). */
export async function assertNameFree(db: DbOrTx, clientId: string, name: string, exceptId?: string) {
  const [dup] = await db
    .select({ id: departments.id })
    .from(departments)
    .where(
      and(eq(departments.clientId, clientId), sql`lower(${departments.name}) = lower(${name})`, exceptId ? sql`${departments.id} <> ${exceptId}` : undefined),
    );
  if (dup) throw conflict('department', messages.jobs.departmentNameTaken(name));
}
