import { labelOf, statusLabels } from '@hh/contract/labels';
import { BarChart } from '@mantine/charts';
import { Badge, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { messages } from '@hh/contract/messages';
import { Link } from 'react-router';
import { EmptyState, ErrorState, LoadingRows, PageHeader, ScrollTable, Section } from '../../../components/Page.tsx';
import { useSelectedClient } from '../../../lib/selected-client.tsx';
import { useDayFormat } from './labels.ts';
import { integerAxis, PeriodPicker, Tile } from './parts.tsx';
import { bucketRows, useMetrics } from './period.ts';

/** `/crm-alerts-metrics`: what the saved-search alerts catch: candidates matched per alert and per day. */
export default function AlertsMetrics() {
  const { clientId, client } = useSelectedClient();
  const { period, setPeriod, valid, q } = useMetrics(clientId);
  const day = useDayFormat();
  const nf = new Intl.NumberFormat();
  const d = q.data;
  const active = d?.alerts.filter((a) => a.active) ?? [];
  const matchedTotal = d?.alertMatchesPerDay.reduce((s, x) => s + x.count, 0) ?? 0;
  const chart = d
    ? bucketRows(
        d.from,
        d.to,
        d.alertMatchesPerDay.map((p) => ({ date: p.date, key: 'matched', count: p.count })),
        ['matched'],
      )
    : null;
  return (
    <>
      <PageHeader
        title="Alert activity"
        description={client ? `What the candidate alerts of ${client.name} caught` : undefined}
        actions={<PeriodPicker period={period} onChange={setPeriod} />}
      />
      {!valid ? (
        <Text c="dimmed">Pick a start date on or before the end date to see the figures.</Text>
      ) : q.isLoading || !clientId ? (
        <LoadingRows rows={6} />
      ) : q.error || !d ? (
        <ErrorState error={new Error(messages.recruiting.respondentMetricsError)} onRetry={() => q.refetch()} />
      ) : d.alerts.length === 0 ? (
        <EmptyState title="No alerts yet">
          An alert is a saved search that emails you when new candidates match it. Create one in <Link to="/crm-alerts-setup">alerts setup</Link>, then come
          back to see what it catches.
        </EmptyState>
      ) : (
        <Stack>
          <SimpleGrid cols={{ base: 2, md: 4 }}>
            <Tile label="Active alerts" value={nf.format(active.length)} hint={`${nf.format(d.alerts.length - active.length)} paused`} testId="alerts-active" />
            <Tile label="Candidates matched" value={nf.format(matchedTotal)} hint="By at least one active alert" testId="alerts-matched" />
            <Tile label="New candidates" value={nf.format(d.newInPeriod)} hint={`${day(d.from)} – ${day(d.to)}`} />
            <Tile
              label="Share caught"
              value={d.newInPeriod ? `${new Intl.NumberFormat(undefined, { style: 'percent' }).format(matchedTotal / d.newInPeriod)}` : '—'}
              hint="Of the new candidates"
            />
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, md: 2 }}>
            <Section title={chart?.weekly ? 'Matches per week' : 'Matches per day'}>
              {matchedTotal === 0 || !chart ? (
                <EmptyState title="No matches in this period">
                  {active.length ? 'Pick a longer period, or widen an alert’s search in alerts setup.' : 'Every alert is paused: turn one on in alerts setup.'}
                </EmptyState>
              ) : (
                <BarChart
                  h={260}
                  data={chart.rows.map((r) => ({ ...r, day: day(String(r.date)) }))}
                  dataKey="day"
                  series={[{ name: 'matched', label: 'Candidates matched', color: 'teal.6' }]}
                  xAxisProps={{ minTickGap: 16 }}
                  yAxisProps={integerAxis}
                  valueFormatter={(v) => nf.format(v)}
                  withLegend
                  legendProps={{ verticalAlign: 'bottom' }}
                />
              )}
            </Section>
            <Section title="Candidates matched per alert">
              <BarChart
                h={Math.max(160, d.alerts.length * 36)}
                data={d.alerts.map((a) => ({ name: a.name, matched: a.matched ?? 0 }))}
                dataKey="name"
                orientation="vertical"
                yAxisProps={{ width: 130 }}
                xAxisProps={integerAxis}
                series={[{ name: 'matched', label: 'Candidates matched', color: 'blue.6' }]}
                valueFormatter={(v) => nf.format(v)}
                withBarValueLabel
                withLegend
                legendProps={{ verticalAlign: 'bottom' }}
                gridAxis="y"
              />
            </Section>
          </SimpleGrid>
          <Section title="Alerts" actions={<Link to="/crm-alerts-setup">Manage alerts</Link>}>
            <ScrollTable minWidth={520} label="Alerts and their matches">
              <Table>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Alert</Table.Th>
                    <Table.Th>State</Table.Th>
                    <Table.Th>Emails</Table.Th>
                    <Table.Th ta="right">Candidates matched</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {d.alerts.map((a) => (
                    <Table.Tr key={a._id}>
                      <Table.Td>{a.name}</Table.Td>
                      <Table.Td>
                        <Badge variant="light" color={a.active ? 'teal' : 'gray'}>
                          {a.active ? 'Active' : 'Paused'}
                        </Badge>
                      </Table.Td>
                      <Table.Td>{labelOf(statusLabels, a.frequency)}</Table.Td>
                      <Table.Td ta="right">
                        {a.matched === null ? (
                          <Text size="sm" c="red.8">
                            Cannot run: its zip code is unknown. Edit it in alerts setup.
                          </Text>
                        ) : (
                          nf.format(a.matched)
                        )}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </ScrollTable>
          </Section>
        </Stack>
      )}
    </>
  );
}
