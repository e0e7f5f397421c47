import { employmentTypeLabels } from '@hh/contract/jobs';
import type { JobRow } from '../jobs/index.ts';
import type { SiteContext } from './context.ts';
import { customDomainJobPath, productJobPath } from '../core/site-urls.ts';

export const typeLabel = (t: string | null | undefined) => (t ? ((employmentTypeLabels as Record<string, string>)[t] ?? t) : null);

export const urlParts = (row: JobRow) => ({
  id: row.id,
  title: row.title,
  city: row.city,
  state: row.state,
  remote: row.remote,
  categoryName: row.categoryName,
  departmentName: row.departmentName,
});

/** The job page path in the form of the host serving this page. */
export function jobPathFor(ctx: SiteContext, row: JobRow): string {
  return ctx.onCustomDomain ? customDomainJobPath(urlParts(row), ctx.client) : productJobPath(urlParts(row), ctx.client);
}

export function locationText(row: Pick<JobRow, 'city' | 'state' | 'remote'>): string | null {
  const place = [row.city, row.state].filter(Boolean).join(', ');
  if (row.remote) return place ? `${place} (remote)` : 'Remote';
  return place || null;
}

const PERIOD: Record<string, string> = { HOUR: 'hour', DAY: 'day', WEEK: 'week', MONTH: 'month', YEAR: 'year' };
export function salaryText(row: Pick<JobRow, 'salaryMin' | 'salaryMax' | 'salaryCurrency' | 'salaryPeriod'>): string | null {
  const fmt = (n: number) =>
    new Intl.NumberFormat('en-US', { style: 'currency', currency: row.salaryCurrency || 'USD', maximumFractionDigits: n % 1 ? 2 : 0 }).format(n);
  const min = row.salaryMin === null ? null : Number(row.salaryMin);
  const max = row.salaryMax === null ? null : Number(row.salaryMax);
  if (min === null && max === null) return null;
  const range = min !== null && max !== null && min !== max ? `${fmt(min)} - ${fmt(max)}` : fmt((min ?? max) as number);
  return row.salaryPeriod ? `${range} per ${PERIOD[row.salaryPeriod] ?? row.salaryPeriod.toLowerCase()}` : range;
}
