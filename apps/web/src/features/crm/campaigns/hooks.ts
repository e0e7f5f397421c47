import { formatDate } from '../../../lib/format.ts';
import { type CampaignEntity, crmRoutes } from '@hh/contract/crm';
import type { RouteReply } from '@hh/contract/route';
import { useQueryClient } from '@tanstack/react-query';
import { queryKey } from '../../../lib/api.ts';
import { useApiQuery } from '../../../lib/query.ts';

export type { CampaignEntity };
export type CampaignPreview = RouteReply<typeof crmRoutes.previewCampaign>;

export function useCampaigns(clientId: string | null) {
  return useApiQuery(crmRoutes.listCampaigns, { query: { clientId: clientId ?? '' } }, { enabled: !!clientId });
}

/** One campaign; polled while it is sending so the progress (sent / total) moves. */
export function useCampaign(clientId: string | null, id: string | null) {
  return useApiQuery(
    crmRoutes.getCampaign,
    { params: { id: id ?? '' }, query: { clientId: clientId ?? '' } },
    { enabled: !!clientId && !!id, refetchInterval: (q) => (q.state.data?.status === 'sending' ? 1500 : false), silent: true },
  );
}

export function useCampaignInvalidation() {
  const qc = useQueryClient();
  return (id?: string) => {
    qc.invalidateQueries({ queryKey: queryKey(crmRoutes.listCampaigns) });
    if (id) qc.invalidateQueries({ queryKey: queryKey(crmRoutes.getCampaign, { params: { id } }) });
  };
}

/** Who a send reaches: the list minus those it skips. */
export const reachable = (c: CampaignEntity) =>
  c.status === 'draft' ? c.listCount - c.skipped.unsubscribed - c.skipped.anonymised - c.skipped.noEmail - c.skipped.duplicate : c.totalCount;

export const formatDateTime = (iso: string | null) => (iso ? formatDate(iso) : '—');

export function skippedText(c: CampaignEntity): string | null {
  const parts = [
    c.skipped.unsubscribed ? `${c.skipped.unsubscribed} unsubscribed` : '',
    c.skipped.anonymised ? `${c.skipped.anonymised} anonymised` : '',
    c.skipped.noEmail ? `${c.skipped.noEmail} without an email address` : '',
    c.skipped.duplicate ? `${c.skipped.duplicate} with the same address as another` : '',
  ].filter(Boolean);
  return parts.length ? parts.join(', ') : null;
}
