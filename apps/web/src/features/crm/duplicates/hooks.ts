import { type DuplicatePair, duplicateRoutes, type MergeReply, type MergeSummary } from '@hh/contract/crm';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, errorText, queryKey } from '../../../lib/api.ts';
import { notify } from '../../../lib/notify.ts';
import { useApiQuery } from '../../../lib/query.ts';
import { useCandidateInvalidation } from '../hooks.ts';

export type { DuplicatePair, MergeSummary };

export const REASON_LABEL = { email: 'Same email', phone: 'Same phone', nameLocation: 'Same name and place' } as const;

export function useDuplicates(clientId: string | null, page: number, pageSize = 10) {
  return useApiQuery(duplicateRoutes.list, { query: { clientId: clientId ?? '', pageNumber: page, pageSize } }, { enabled: !!clientId });
}
export function useCandidateDuplicates(clientId: string | null, candidateId: string | null) {
  return useApiQuery(
    duplicateRoutes.listForCandidate,
    { params: { id: candidateId ?? '' }, query: { clientId: clientId ?? '' } },
    { enabled: !!clientId && !!candidateId },
  );
}
export function useMerges(clientId: string | null) {
  return useApiQuery(duplicateRoutes.listMerges, { query: { clientId: clientId ?? '' } }, { enabled: !!clientId });
}

/** After a merge, an undo or a dismissal: the duplicates, the merges and the candidate lists. */
function useRefresh() {
  const qc = useQueryClient();
  const invalidate = useCandidateInvalidation();
  return (ids: string[]) => {
    qc.invalidateQueries({ queryKey: queryKey(duplicateRoutes.list) });
    qc.invalidateQueries({ queryKey: queryKey(duplicateRoutes.listMerges) });
    for (const id of ids) {
      invalidate(id);
      qc.invalidateQueries({ queryKey: queryKey(duplicateRoutes.listForCandidate, { params: { id } }) });
    }
  };
}

export function useUndoMerge(clientId: string | null) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (m: MergeSummary) => api(duplicateRoutes.undoMerge, { params: { id: m._id }, body: { clientId: clientId as string } }),
    onSuccess: (r, m) => {
      notify.success(r.message);
      refresh([m.survivorId, m.mergedId]);
    },
    onError: (err) => notify.error(errorText(err, 'The merge could not be undone', 'merge')),
  });
}

export function useMerge(clientId: string | null, onMerged?: (r: MergeReply) => void) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (v: { survivorId: string; mergedId: string }) => api(duplicateRoutes.merge, { body: { clientId: clientId as string, ...v } }),
    onSuccess: (r, v) => {
      refresh([v.survivorId, v.mergedId]);
      onMerged?.(r);
    },
    onError: (err) => notify.error(errorText(err, 'The candidates could not be merged', 'mergedId')),
  });
}

export function useDismiss(clientId: string | null) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (ids: [string, string]) => api(duplicateRoutes.dismiss, { body: { clientId: clientId as string, candidateIds: ids } }),
    onSuccess: (r, ids) => {
      notify.success(r.message);
      refresh(ids);
    },
    onError: (err) => notify.error(errorText(err, 'The pair could not be dismissed', 'candidateIds')),
  });
}
