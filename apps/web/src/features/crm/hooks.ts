import type { Alert, Candidate, FilterFacets } from '@hh/contract/crm';
import { crmRoutes } from '@hh/contract/crm';
import type { z } from 'zod';
import type { inboxItem, requisitionSummary, timelineEvent } from '@hh/contract/crm';
import { useQueryClient } from '@tanstack/react-query';
import { api, buildUrl, queryKey } from '../../lib/api.ts';
import { tokenStore } from '../../lib/token-store.ts';
import { useApiQuery } from '../../lib/query.ts';

export type { Alert, Candidate, FilterFacets };
export type InboxItem = z.infer<typeof inboxItem>;
export type TimelineEvent = z.infer<typeof timelineEvent>;
export type Requisition = z.infer<typeof requisitionSummary>;

// The queries below are off until a client (and a candidate) is chosen: the empty ids are never sent.
export function usePipeline(clientId: string | null) {
  return useApiQuery(crmRoutes.getPipeline, { query: { clientId: clientId ?? '' } }, { enabled: !!clientId, staleTime: 60_000 });
}
export function useFacets(clientId: string | null) {
  return useApiQuery(crmRoutes.getFilterFacets, { query: { clientId: clientId ?? '' } }, { enabled: !!clientId });
}
export function useCandidate(clientId: string | null, id: string | null) {
  return useApiQuery(crmRoutes.getCandidate, { params: { id: id ?? '' }, query: { clientId: clientId ?? '' } }, { enabled: !!clientId && !!id });
}
export function useTimeline(clientId: string | null, id: string | null) {
  return useApiQuery(crmRoutes.getTimeline, { params: { id: id ?? '' }, query: { clientId: clientId ?? '' } }, { enabled: !!clientId && !!id });
}
export function useRequisitions(clientId: string | null) {
  return useApiQuery(crmRoutes.listCandidateRequisitions, { query: { clientId: clientId ?? undefined } }, { enabled: !!clientId });
}
export function useLists(clientId: string | null) {
  return useApiQuery(crmRoutes.listCandidateLists, { query: { clientId: clientId ?? '' } }, { enabled: !!clientId });
}

/** After a candidate change: the lists, that candidate, its timeline and the facets (001 §7: facets reload after PATCH). */
export function useCandidateInvalidation() {
  const qc = useQueryClient();
  return (id?: string) => {
    qc.invalidateQueries({ queryKey: queryKey(crmRoutes.searchCandidates) });
    qc.invalidateQueries({ queryKey: queryKey(crmRoutes.getFilterFacets) });
    qc.invalidateQueries({ queryKey: queryKey(crmRoutes.listApplications) });
    qc.invalidateQueries({ queryKey: queryKey(crmRoutes.getApplicantCount) });
    if (id) {
      qc.invalidateQueries({ queryKey: queryKey(crmRoutes.getCandidate, { params: { id } }) });
      qc.invalidateQueries({ queryKey: queryKey(crmRoutes.getTimeline, { params: { id } }) });
    }
  };
}

/** Candidate files need the session: fetched as a blob, shown through an object URL (never a public link). */
export async function fetchFileUrl(blobPath: string): Promise<string> {
  return URL.createObjectURL(await fetchFile(blobPath));
}

/** The file itself (text resumes are read from it: the CSP's connect-src never allows fetching blob: URLs). */
export async function fetchFile(blobPath: string): Promise<Blob> {
  const session = tokenStore.get();
  const res = await fetch(buildUrl(crmRoutes.getResume.path, { blobPath }), {
    credentials: 'include',
    headers: session ? { Authorization: `Bearer ${session.accessToken}` } : {},
  });
  if (!res.ok) throw new Error('The file could not be opened');
  return res.blob();
}

export { api };
