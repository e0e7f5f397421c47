import { labelOf, statusLabels } from '@hh/contract/labels';
import { requisitionRoutes } from '@hh/contract/requisitions';
import type { RouteInput } from '@hh/contract/route';
import { useApiQuery } from '../../lib/query.ts';

type ListQuery = NonNullable<RouteInput<typeof requisitionRoutes.list>['query']>;
/** The list's job status filter. */
export type JobStatusFilter = NonNullable<ListQuery['status']>;

export function useRequisitions(query: Omit<ListQuery, 'clientId'> & { clientId: string | null }) {
  return useApiQuery(
    requisitionRoutes.list,
    { query: { ...query, clientId: query.clientId ?? '' } },
    { enabled: !!query.clientId, placeholderData: (prev) => prev },
  );
}

export function useKeywords(jobId: string, clientId: string | null) {
  return useApiQuery(requisitionRoutes.getKeywords, { params: { id: jobId }, query: { clientId: clientId ?? undefined } }, { enabled: !!clientId });
}

export function useRankedCandidates(jobId: string, query: { clientId: string | null; pageNumber: number; pageSize: number; matchedOnly: boolean }) {
  return useApiQuery(
    requisitionRoutes.rankCandidates,
    { params: { jobId }, query: { ...query, clientId: query.clientId ?? undefined, matchedOnly: query.matchedOnly || undefined } },
    { enabled: !!query.clientId, placeholderData: (prev) => prev },
  );
}

/** An application status in the contract's words; a status the client added is made readable. */
export const statusLabel = (s: string): string => labelOf(statusLabels, s);
