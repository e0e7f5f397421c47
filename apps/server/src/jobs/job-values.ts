import { messages } from '@hh/contract/messages';
import { randomBytes } from 'node:crypto';
import type { JobWritable } from '@hh/contract/jobs';
import { and, eq } from 'drizzle-orm';
import type { DbDeps } from '../core/deps.ts';
import type { DbOrTx } from '../db/client.ts';
import { departments, jobCategories, type jobs } from '../db/schema/jobs.ts';
import { geocode } from '../geo/index.ts';
import { badRequest, notFound } from '../lib/app-error.ts';
import { sanitizeDescription } from './sanitize.ts';
import type { JobRow } from './serialize.ts';

export const newReferenceNumber = () => `JOB-${randomBytes(5).toString('hex').toUpperCase()}`;

async function departmentName(db: DbOrTx, clientId: string, departmentId: string | null | undefined) {
  if (!departmentId) return null;
  const [d] = await db
    .select({ name: departments.name })
    .from(departments)
    .where(and(eq(departments.clientId, clientId), eq(departments.id, departmentId)));
  if (!d) throw notFound('department', messages.jobs.departmentNotFound);
  return d.name;
}

async function categoryName(db: DbOrTx, clientId: string, categoryId: string | null | undefined) {
  if (!categoryId) return null;
  const [c] = await db
    .select({ name: jobCategories.name })
    .from(jobCategories)
    .where(and(eq(jobCategories.clientId, clientId), eq(jobCategories.id, categoryId)));
  if (!c) throw notFound('category', messages.jobs.categoryNotFound);
  return c.name;
}

/** Turns writable fields into column values: sanitised description, geocoded address, names copied. */
export async function jobValues({ db }: DbDeps, { clientId, fields: input, before }: { clientId: string; fields: Partial<JobWritable>; before?: JobRow }) {
  const v: Partial<typeof jobs.$inferInsert> = {};
  const copy = [
    'title',
    'employmentType',
    'address1',
    'city',
    'state',
    'zipCode',
    'country',
    'remote',
    'salaryMin',
    'salaryMax',
    'salaryCurrency',
    'salaryPeriod',
    'requisitionId',
    'referenceNumber',
    'applyUrl',
    'recruitersAssigned',
    'recruiterName',
    'recruiterEmail',
    'status',
    'language',
    'openPositions',
  ] as const;
  for (const k of copy) if (input[k] !== undefined) (v as Record<string, unknown>)[k] = input[k];
  if (input.description !== undefined) v.description = sanitizeDescription(input.description);
  if (input.datePosted !== undefined) v.datePosted = new Date(input.datePosted);
  if (input.validThrough !== undefined) v.validThrough = input.validThrough ? new Date(input.validThrough) : null;
  if (input.departmentId !== undefined) {
    v.departmentId = input.departmentId ?? null;
    v.departmentName = await departmentName(db, clientId, input.departmentId);
  }
  if (input.categoryId !== undefined) {
    v.categoryId = input.categoryId ?? null;
    v.categoryName = await categoryName(db, clientId, input.categoryId);
  }
  const min = input.salaryMin !== undefined ? input.salaryMin : (before?.salaryMin ?? null);
  const max = input.salaryMax !== undefined ? input.salaryMax : (before?.salaryMax ?? null);
  if (min !== null && max !== null && Number(min) > Number(max)) throw badRequest('salaryMax', 'salaryMax must not be below salaryMin');
  // Geocode when the address changes (jobs are geocoded on write, never per search).
  if (input.zipCode !== undefined || input.city !== undefined || input.state !== undefined || !before) {
    const point = await geocode(
      { db },
      {
        zipCode: input.zipCode !== undefined ? input.zipCode : before?.zipCode,
        city: input.city !== undefined ? input.city : before?.city,
        state: input.state !== undefined ? input.state : before?.state,
      },
    );
    v.lat = point?.lat ?? null;
    v.lng = point?.lng ?? null;
    if (point && !(input.city ?? before?.city)) {
      v.city = point.city;
      v.state = point.state;
    }
  }
  return v;
}
