import type { Job } from '@hh/contract/jobs';
import type { jobs } from '../db/schema/jobs.ts';
import { productJobPath, type SiteClient } from '../core/site-urls.ts';

export type JobRow = typeof jobs.$inferSelect;

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());
const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));

/** A job row as the API shows it (`_id`, department and category names, its public path). */
export function serializeJob(row: JobRow, client: SiteClient, extra: { distance?: number | null; fullDescription?: boolean } = {}): Job {
  return {
    _id: row.id,
    clientId: row.clientId,
    title: row.title,
    description: extra.fullDescription === false ? row.description.slice(0, 300) : row.description,
    departmentId: row.departmentId,
    department: row.departmentName,
    categoryId: row.categoryId,
    category: row.categoryName,
    employmentType: row.employmentType,
    address1: row.address1,
    city: row.city,
    state: row.state,
    zipCode: row.zipCode,
    country: row.country,
    lat: row.lat,
    lng: row.lng,
    remote: row.remote,
    salaryMin: num(row.salaryMin),
    salaryMax: num(row.salaryMax),
    salaryCurrency: row.salaryCurrency,
    salaryPeriod: row.salaryPeriod,
    datePosted: iso(row.datePosted) as string,
    validThrough: iso(row.validThrough),
    requisitionId: row.requisitionId,
    referenceNumber: row.referenceNumber,
    applyUrl: row.applyUrl,
    recruitersAssigned: row.recruitersAssigned,
    recruiterName: row.recruiterName,
    recruiterEmail: row.recruiterEmail,
    status: row.status,
    openPositions: row.openPositions,
    adid: row.adid,
    budget: num(row.budget),
    indeedApply: row.indeedApply,
    questionsListId: row.questionsListId,
    language: row.language,
    url: productJobPath(
      {
        id: row.id,
        title: row.title,
        city: row.city,
        state: row.state,
        remote: row.remote,
        categoryName: row.categoryName,
        departmentName: row.departmentName,
      },
      client,
    ),
    distance: extra.distance ?? null,
    createdAt: iso(row.createdAt) as string,
    updatedAt: iso(row.updatedAt) as string,
  };
}
