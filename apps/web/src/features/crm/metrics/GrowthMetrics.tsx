import { BarChart } from '@mantine/charts';
import { SimpleGrid, Stack, Text } from '@mantine/core';
import { messages } from '@hh/contract/messages';
import { Link } from 'react-router';
import { EmptyState, ErrorState, LoadingRows, PageHeader, Section } from '../../../components/Page.tsx';
import { useSelectedClient } from '../../../lib/selected-client.tsx';
import { colorAt, FirstResponseTiles, FunnelBars, integerAxis, PeriodPicker, Tile } from './parts.tsx';
import { bucketRows, formatHours, useMetrics } from './period.ts';
import { sourceLabel, useDayFormat } from './labels.ts';

/** `/crm-growth-metrics`: how the candidate pool grows, where it comes from, how it moves and how fast recruiters answer. */
export default function GrowthMetrics() {
  const { clientId, client } = useSelectedClient();
  const { period, setPeriod, valid, q } = useMetrics(clientId);
  const day = useDayFormat();
  const nf = new Intl.NumberFormat();
  const d = q.data;
  const sources = d ? [...new Set(d.perDay.map((p) => p.source))].sort() : [];
  const chart = d
    ? bucketRows(
        d.from,
        d.to,
        d.perDay.map((p) => ({ date: p.date, key: p.source, count: p.count })),
        sources,
      )
    : null;
  return (
    <>
      <PageHeader
        title="Candidate growth"
        description={client ? `New candidates of ${client.name}, where they come from and how fast your team answers` : undefined}
        actions={<PeriodPicker period={period} onChange={setPeriod} />}
      />
      {!valid ? (
        <Text c="dimmed">Pick a start date on or before the end date to see the figures.</Text>
      ) : q.isLoading || !clientId ? (
        <LoadingRows rows={6} />
      ) : q.error || !d ? (
        <ErrorState error={new Error(messages.recruiting.respondentMetricsError)} onRetry={() => q.refetch()} />
      ) : (
        <Stack>
          <SimpleGrid cols={{ base: 2, md: 4 }}>
            <Tile label="New candidates" value={nf.format(d.newInPeriod)} hint={`${day(d.from)} – ${day(d.to)}`} testId="metric-new" />
            <Tile label="Applications" value={nf.format(d.applications)} hint="In the period" testId="metric-applications" />
            <Tile label="All candidates" value={nf.format(d.total)} hint="In your CRM today" testId="metric-total" />
            <Tile
              label="Top source"
              value={d.bySource[0] ? sourceLabel(d.bySource[0].value) : '—'}
              hint={d.bySource[0] ? `${nf.format(d.bySource[0].count)} new` : 'No new candidates'}
            />
          </SimpleGrid>
          <Section title={chart?.weekly ? 'New candidates per week, by source' : 'New candidates per day, by source'}>
            {d.newInPeriod === 0 || !chart ? (
              <EmptyState title="No new candidates in this period">
                Pick a longer period, or add candidates: they arrive from your career site and Indeed Apply, or{' '}
                <Link to="/harvest/cultivate/candidates">add or import them in Candidates</Link>.
              </EmptyState>
            ) : (
              <BarChart
                h={300}
                data={chart.rows.map((r) => ({ ...r, day: day(String(r.date)) }))}
                dataKey="day"
                type="stacked"
                series={sources.map((s, i) => ({ name: s, label: sourceLabel(s), color: colorAt(i) }))}
                xAxisProps={{ minTickGap: 16 }}
                yAxisProps={integerAxis}
                valueFormatter={(v) => nf.format(v)}
                withLegend
                legendProps={{ verticalAlign: 'bottom' }}
              />
            )}
          </Section>
          <SimpleGrid cols={{ base: 1, md: 2 }}>
            <Section title="Funnel by status">
              <Text size="sm" c="dimmed" mb="xs">
                Candidates who arrived in the period, by their status now, in your pipeline’s order.
              </Text>
              {d.newInPeriod === 0 ? (
                <EmptyState title="Nothing to show yet">The funnel fills as candidates arrive and you move them through your pipeline.</EmptyState>
              ) : (
                <FunnelBars funnel={d.funnel} />
              )}
            </Section>
            <Section title="Time to first response">
              <Text size="sm" c="dimmed" mb="xs">
                From an application to the first thing a recruiter did with the candidate (a status move, tag, note or email; opening the profile does not
                count).
              </Text>
              {d.firstResponse.responded + d.firstResponse.waiting === 0 ? (
                <EmptyState title="No applications in this period">
                  Response times appear once candidates apply to your jobs. Pick a longer period to see earlier ones.
                </EmptyState>
              ) : (
                <FirstResponseTiles m={d.firstResponse} hours={(h) => formatHours(h)} />
              )}
            </Section>
          </SimpleGrid>
        </Stack>
      )}
    </>
  );
}
