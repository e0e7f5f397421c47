import type { Alert, Candidate, FilterFacets } from '@hh/contract/crm';
import type { z } from 'zod';
import type { candidateListEntity, inboxItem, requisitionSummary, timelineEvent } from '@hh/contract/crm';
import { useQueryClient } from '@tanstack/react-query';
import { api, buildUrl } from '../../lib/api.ts';
import { tokenStore } from '../../lib/token-store.ts';
import { useApiQuery } from '../../lib/query.ts';
import type { Paged } from '../../lib/selected-client.tsx';

export const CANDIDATES = '/api/crm/candidates';
export const CANDIDATE = '/api/crm/candidate';
export const FACETS = '/api/crm/filter-facets';
export const PIPELINE = '/api/crm/pipeline';
export const REQUISITIONS = '/api/crm/candidates/requisitions';
export const APPLICATIONS = '/api/crm/applications';
export const APPLICANT_COUNT = '/api/candidates/applicant-count';
export const LISTS = '/api/candidates-lists';

export type { Alert, Candidate, FilterFacets };
export type InboxItem = z.infer<typeof inboxItem>;
export type TimelineEvent = z.infer<typeof timelineEvent>;
export type CandidateListEntity = z.infer<typeof candidateListEntity>;
export type Requisition = z.infer<typeof requisitionSummary>;

export function usePipeline(clientId: string | null) {
  return useApiQuery<{ statuses: string[] }>(PIPELINE, { clientId: clientId ?? undefined }, { enabled: !!clientId, staleTime: 60_000 });
}
export function useFacets(clientId: string | null) {
  return useApiQuery<FilterFacets>(FACETS, { clientId: clientId ?? undefined }, { enabled: !!clientId });
}
export function useCandidate(clientId: string | null, id: string | null) {
  return useApiQuery<Candidate>(`${CANDIDATE}/${id}`, { clientId: clientId ?? undefined }, { enabled: !!clientId && !!id });
}
export function useTimeline(clientId: string | null, id: string | null) {
  return useApiQuery<Paged<TimelineEvent>>(`${CANDIDATE}/${id}/timeline`, { clientId: clientId ?? undefined }, { enabled: !!clientId && !!id });
}
export function useRequisitions(clientId: string | null) {
  return useApiQuery<Paged<Requisition>>(REQUISITIONS, { clientId: clientId ?? undefined }, { enabled: !!clientId });
}
export function useLists(clientId: string | null) {
  return useApiQuery<Paged<CandidateListEntity>>(LISTS, { clientId: clientId ?? undefined }, { enabled: !!clientId });
}

/** After a candidate change: the lists, that candidate, its timeline and the facets (001 §7: facets reload after PATCH). */
export function useCandidateInvalidation() {
  const qc = useQueryClient();
  return (id?: string) => {
    qc.invalidateQueries({ queryKey: [CANDIDATES] });
    qc.invalidateQueries({ queryKey: [FACETS] });
    qc.invalidateQueries({ queryKey: [APPLICATIONS] });
    qc.invalidateQueries({ queryKey: [APPLICANT_COUNT] });
    if (id) {
      qc.invalidateQueries({ queryKey: [`${CANDIDATE}/${id}`] });
      qc.invalidateQueries({ queryKey: [`${CANDIDATE}/${id}/timeline`] });
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
  const res = await fetch(buildUrl('/api/get-resume', { blobPath }), {
    credentials: 'include',
    headers: session ? { Authorization: `Bearer ${session.accessToken}` } : {},
  });
  if (!res.ok) throw new Error('The file could not be opened');
  return res.blob();
}

export { api };
