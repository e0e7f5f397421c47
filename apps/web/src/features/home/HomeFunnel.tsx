import type { crmRoutes } from '@hh/contract/crm';
import { firstScreenCalls } from '@hh/contract/first-screen-calls';
import { Text } from '@mantine/core';
import { Link } from 'react-router';
import { ErrorState, LoadingRows, Section } from '../../components/Page.tsx';
import { ApiError } from '../../lib/api.ts';
import { useApiQueryAt } from '../../lib/query.ts';
import { FunnelChart } from '../reports/index.ts';

const DAY = 86_400_000;
const iso = (t: number) => new Date(t).toISOString().slice(0, 10);

/** The last 30 days, both ends included, as the candidate metrics screen's 30-day preset counts them. */
function last30(): { from: string; to: string } {
  const to = iso(Date.now());
  return { from: iso(Date.parse(to) - 29 * DAY), to };
}

/**
 * Home's small funnel: the last 30 days' candidates by status, in the client's pipeline order
 * (statuses outside the pipeline after it). Drawn without a charts library, so Home's first load
 * stays light; the candidate metrics screen keeps the full charts.
 */
export function HomeFunnel({ clientId }: { clientId: string }) {
  const { from, to } = last30();
  const q = useApiQueryAt<typeof crmRoutes.getRespondentMetrics>(
    firstScreenCalls.respondentMetrics,
    { query: { clientId, from, to } },
    { silent: true, retry: false },
  );
  // A user without rights to candidates (403) sees no funnel rather than an error about it.
  if (q.error instanceof ApiError && q.error.status === 403) return null;
  return (
    <Section title="Candidate funnel, last 30 days" actions={<Link to="/crm-growth-metrics">See candidate growth</Link>}>
      {q.isLoading ? (
        // Four rows are as tall as a six-status funnel (the default pipeline: 6 × 25 px and the axis),
        // so the section below does not move when the chart arrives (a layout shift).
        <LoadingRows rows={4} />
      ) : q.error || !q.data ? (
        <ErrorState error={q.error} onRetry={() => q.refetch()} />
      ) : q.data.newInPeriod === 0 ? (
        <Text c="dimmed" size="sm">
          No new candidates in the last 30 days. Applications from your career site and Indeed Apply appear here; you can also{' '}
          <Link to="/harvest/cultivate/candidates">add candidates by hand</Link>.
        </Text>
      ) : (
        <div data-testid="home-funnel">
          <FunnelChart
            caption="New candidates of the last 30 days by status"
            steps={q.data.funnel.map((f) => ({ label: f.inPipeline ? f.status : `${f.status} (not in pipeline)`, count: f.count }))}
          />
        </div>
      )}
    </Section>
  );
}
