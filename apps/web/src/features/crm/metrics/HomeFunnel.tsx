import { crmRoutes } from '@hh/contract/crm';
import { Text } from '@mantine/core';
import { Link } from 'react-router';
import { ErrorState, LoadingRows, Section } from '../../../components/Page.tsx';
import { ApiError } from '../../../lib/api.ts';
import { useApiQuery } from '../../../lib/query.ts';
import { FunnelBars } from './parts.tsx';
import { presetPeriod } from './period.ts';

/** Home's small funnel ("the harvest dashboard gains the funnel"): the last 30 days' candidates by status. */
export default function HomeFunnel({ clientId }: { clientId: string }) {
  const { from, to } = presetPeriod(30);
  const q = useApiQuery(crmRoutes.getRespondentMetrics, { query: { clientId, from, to } }, { silent: true, retry: false });
  // A user without rights to candidates (403) sees no funnel rather than an error about it.
  if (q.error instanceof ApiError && q.error.status === 403) return null;
  return (
    <Section title="Candidate funnel, last 30 days" actions={<Link to="/crm-growth-metrics">See candidate growth</Link>}>
      {q.isLoading ? (
        <LoadingRows rows={3} />
      ) : q.error || !q.data ? (
        <ErrorState error={q.error} onRetry={() => q.refetch()} />
      ) : q.data.newInPeriod === 0 ? (
        <Text c="dimmed" size="sm">
          No new candidates in the last 30 days. Applications from your career site and Indeed Apply appear here; you can also{' '}
          <Link to="/harvest/cultivate/candidates">add candidates by hand</Link>.
        </Text>
      ) : (
        <div data-testid="home-funnel">
          <FunnelBars funnel={q.data.funnel} h={Math.max(160, q.data.funnel.length * 30)} />
        </div>
      )}
    </Section>
  );
}
