import { jobAnalyticsRoutes } from '@hh/contract/job-analytics';
import { AreaChart, BarChart } from '@mantine/charts';
import { Paper, SegmentedControl, SimpleGrid, Text, Title } from '@mantine/core';
import { messages } from '@hh/contract/messages';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ErrorState, LoadingRows, PageHeader, Section } from '../../components/Page.tsx';
import { formatNumber } from '../../lib/format.ts';
import { api, queryKey } from '../../lib/api.ts';
import { useSelectedClient } from '../../lib/selected-client.tsx';
import { zoneOfClient } from '../reports/index.ts';

/** `/harvest/dashboard`: jobs posted, job views, searches and applications over time (first-party career-site events). */
export default function HarvestDashboard() {
  const { clientId, client } = useSelectedClient();
  const [days, setDays] = useState('30');
  // Core spec §7: POST api/analytics with the query in the body.
  const q = useQuery({
    queryKey: [...queryKey(jobAnalyticsRoutes.analytics), clientId, days],
    queryFn: ({ signal }) => api(jobAnalyticsRoutes.analytics, { body: { clientId: clientId ?? '', days: Number(days) } }, { signal }),
    enabled: !!clientId,
  });
  const t = q.data?.totals;
  const tiles = t
    ? [
        { label: 'Open jobs', value: t.openJobs, id: 'open-jobs' },
        { label: 'Job views', value: t.views, id: 'views' },
        { label: 'Searches', value: t.searches, id: 'searches' },
        { label: 'Applications', value: t.applications, id: 'applications' },
      ]
    : [];
  return (
    <>
      <PageHeader
        title="Dashboard"
        description={
          client
            ? `Career-site activity of ${client.name}, the last ${days} days in ${zoneOfClient(client.timeZone)}; applications from every source, as in Hiring reports`
            : undefined
        }
        actions={
          <SegmentedControl
            value={days}
            onChange={setDays}
            data={[
              { value: '7', label: '7 days' },
              { value: '30', label: '30 days' },
              { value: '90', label: '90 days' },
            ]}
            aria-label="Period"
          />
        }
      />
      {q.isLoading ? (
        <LoadingRows />
      ) : q.error ? (
        <ErrorState error={q.error} message={messages.logs.analyticsError} onRetry={() => q.refetch()} />
      ) : (
        <>
          <SimpleGrid cols={{ base: 2, sm: 4 }} mb="lg">
            {tiles.map((x) => (
              <Paper key={x.id} withBorder p="md" radius="md">
                <Text size="sm" c="dimmed">
                  {x.label}
                </Text>
                <Title order={2} data-testid={`total-${x.id}`}>
                  {formatNumber(x.value)}
                </Title>
              </Paper>
            ))}
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, md: 2 }}>
            <Section title="Views, searches and applications">
              <AreaChart
                h={260}
                data={q.data?.days ?? []}
                dataKey="date"
                series={[
                  { name: 'views', label: 'Job views', color: 'blue.6' },
                  { name: 'searches', label: 'Searches', color: 'grape.6' },
                  { name: 'applications', label: 'Applications', color: 'teal.6' },
                ]}
                curveType="monotone"
                withLegend
              />
            </Section>
            <Section title="Jobs posted">
              <BarChart h={260} data={q.data?.days ?? []} dataKey="date" series={[{ name: 'jobsPosted', label: 'Jobs posted', color: 'cyan.6' }]} />
            </Section>
          </SimpleGrid>
        </>
      )}
    </>
  );
}
