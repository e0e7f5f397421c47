import type { KeywordsReply, RankedCandidatesReply, RequisitionListReply } from '@hh/contract/requisitions';
import { useApiQuery } from '../../lib/query.ts';

export const REQUISITIONS = '/api/crm/requisitions';
export const keywordsPath = (jobId: string) => `/api/crm/requisition/${jobId}/keywords`;
export const candidatesPath = (jobId: string) => `/api/crm/requisition/${jobId}/candidates`;
export const RESUME_PARSER = '/api/resume-parser';

export function useRequisitions(query: { clientId: string | null; pageNumber: number; pageSize: number; searchQuery?: string; status: string }) {
  return useApiQuery<RequisitionListReply>(
    REQUISITIONS,
    { ...query, clientId: query.clientId ?? undefined },
    { enabled: !!query.clientId, placeholderData: (prev) => prev },
  );
}

export function useKeywords(jobId: string, clientId: string | null) {
  return useApiQuery<KeywordsReply>(keywordsPath(jobId), { clientId: clientId ?? undefined }, { enabled: !!clientId });
}

export function useRankedCandidates(jobId: string, query: { clientId: string | null; pageNumber: number; pageSize: number; matchedOnly: boolean }) {
  return useApiQuery<RankedCandidatesReply>(
    candidatesPath(jobId),
    { ...query, clientId: query.clientId ?? undefined, matchedOnly: query.matchedOnly || undefined },
    { enabled: !!query.clientId, placeholderData: (prev) => prev },
  );
}

/** Labels for application statuses: the default pipeline's names, else the stored text. */
export function statusLabel(s: string): string {
  return s ? s[0].toUpperCase() + s.slice(1) : s;
}
