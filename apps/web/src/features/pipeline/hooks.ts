import { pipelineRoutes, type STAGE_KINDS } from '@hh/contract/pipeline';
import type { RouteReply } from '@hh/contract/route';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api, queryKey } from '../../lib/api.ts';
import { useApiQuery } from '../../lib/query.ts';

export type Application = RouteReply<typeof pipelineRoutes.listApplications>['results'][number];
export type Stage = RouteReply<typeof pipelineRoutes.getJobPipeline>['stages'][number];

/** The board's filters, as the applications call reads them (kept in the address by useSearchState). */
export interface BoardFilters {
  source: string;
  tag: string;
  minDaysInStage: number;
  minRating: number;
}

/** The job's stages with their counts of active applications (created from the client's default on first read). */
export function useJobPipeline(clientId: string | null, jobId: string) {
  return useApiQuery(pipelineRoutes.getJobPipeline, { params: { jobId }, query: { clientId: clientId ?? undefined } }, { enabled: !!clientId && !!jobId });
}

/** Pages of the applications call are read until the last: a board shows every active application of the job. */
const PAGE = 500;
const MOST = 20_000;

/**
 * Every active application of the job that passes the filters, in the server's order. The key is the
 * entry's, so a move or an outcome invalidates it with `queryKey(pipelineRoutes.listApplications)`.
 */
export function useBoardApplications(clientId: string | null, jobId: string, f: BoardFilters) {
  const query = {
    clientId: clientId ?? undefined,
    jobId,
    outcome: 'active' as const,
    source: f.source || undefined,
    tag: f.tag || undefined,
    minDaysInStage: f.minDaysInStage || undefined,
    minRating: f.minRating || undefined,
    limit: PAGE,
  };
  return useQuery<Application[]>({
    queryKey: queryKey(pipelineRoutes.listApplications, { query }),
    enabled: !!clientId && !!jobId,
    placeholderData: (prev) => prev,
    queryFn: async ({ signal }): Promise<Application[]> => {
      const all: Application[] = [];
      let cursor: string | undefined;
      do {
        const page = await api(pipelineRoutes.listApplications, { query: { ...query, cursor } }, { signal });
        all.push(...page.results);
        cursor = page.nextCursor ?? undefined;
      } while (cursor && all.length < MOST);
      return all;
    },
  });
}

/** After a move or an outcome: the board's applications and the stage counts (nothing else changes). */
export function useBoardInvalidation() {
  const qc = useQueryClient();
  return () => {
    qc.invalidateQueries({ queryKey: queryKey(pipelineRoutes.listApplications) });
    qc.invalidateQueries({ queryKey: queryKey(pipelineRoutes.getJobPipeline) });
  };
}

/** "3 days in stage": whole days, as the server counts them. */
export const daysText = (n: number) => (n === 1 ? '1 day in stage' : `${n} days in stage`);

/** How a stage's kind reads in the editors. */
export const kindLabels: Record<(typeof STAGE_KINDS)[number], string> = {
  applied: 'Applied',
  screening: 'Screening',
  interview: 'Interview',
  offer: 'Offer',
  hired: 'Hired',
  other: 'Other',
};
