import type { Job } from '@hh/contract/jobs';
import { categoryRoutes, departmentRoutes } from '@hh/contract/departments';
import { useApiQuery } from '../../lib/query.ts';

export function useDepartments(clientId: string | null) {
  return useApiQuery(departmentRoutes.byClientId, { query: { clientId: clientId ?? '' } }, { enabled: !!clientId });
}

export function useCategories(clientId: string | null) {
  return useApiQuery(categoryRoutes.list, { query: { clientId: clientId ?? '' } }, { enabled: !!clientId });
}

export type { Job };

export { employmentTypeLabels } from '@hh/contract/jobs';
