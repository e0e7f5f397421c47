import type { Department, Job } from '@hh/contract/jobs';
import { useApiQuery } from '../../lib/query.ts';
import type { Paged } from '../../lib/selected-client.tsx';

export const JOBS = '/api/job/list-by-client-id';
export const DEPARTMENTS = '/api/departments/get-by-client-id';
export const CATEGORIES = '/api/categories';
export const IMPORTS = '/api/job/imports';
export const PREQUALIFICATION = '/api/prequalification-questions';

export function useDepartments(clientId: string | null) {
  return useApiQuery<Paged<Department>>(DEPARTMENTS, { clientId: clientId ?? undefined }, { enabled: !!clientId });
}

export function useCategories(clientId: string | null) {
  return useApiQuery<Paged<{ id: string; name: string; departmentIds?: string[] }>>(CATEGORIES, { clientId: clientId ?? undefined }, { enabled: !!clientId });
}

export type { Job };

export { employmentTypeLabels } from '@hh/contract/jobs';
