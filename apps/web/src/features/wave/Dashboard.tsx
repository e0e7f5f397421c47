import { labelOf, statusLabels } from '@hh/contract/labels';
import { waveRoutes, waveStatuses } from '@hh/contract/wave';
import { BarChart, DonutChart } from '@mantine/charts';
import { ColorSwatch, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { EmptyState, ErrorState, LoadingRows, PageHeader, Section } from '../../components/Page.tsx';
import { useApiQuery } from '../../lib/query.ts';
import { useSelectedClient } from '../../lib/selected-client.tsx';

const colors: Record<string, string> = { 'In Progress': 'gray.5', 'Pending Review': 'yellow.6', Approved: 'teal.6', Rejected: 'red.6' };

/** `/wave/dashboard`: profile counts and charts by status and by department. */
export default function WaveDashboard() {
  const { clientId } = useSelectedClient();
  const list = useApiQuery(waveRoutes.byClient, { query: { clientId: clientId ?? '' } }, { enabled: !!clientId });
  const profiles = list.data?.results ?? [];
  const byStatus = waveStatuses.map((s) => ({ name: labelOf(statusLabels, s), value: profiles.filter((p) => p.status === s).length, color: colors[s] }));
  const deps = [...new Set(profiles.map((p) => p.department || 'No department'))].sort();
  const byDep = deps.map((d) => ({
    department: d,
    ...Object.fromEntries(waveStatuses.map((s) => [s, profiles.filter((p) => (p.department || 'No department') === d && p.status === s).length])),
  }));
  return (
    <>
      <PageHeader title="Wave dashboard" description="Video profiles of the selected client." />
      {list.isLoading ? (
        <LoadingRows />
      ) : list.error ? (
        <ErrorState error={list.error} onRetry={() => list.refetch()} />
      ) : !profiles.length ? (
        <EmptyState title="No Wave profiles yet">Assign profiles to employees to get started.</EmptyState>
      ) : (
        <>
          <SimpleGrid cols={{ base: 2, sm: 5 }} mb="lg">
            <Paper withBorder p="md" radius="md">
              <Text size="sm" c="dimmed">
                Total
              </Text>
              <Title order={2} data-testid="count-total">
                {profiles.length}
              </Title>
            </Paper>
            {byStatus.map((s) => (
              <Paper key={s.name} withBorder p="md" radius="md">
                <Text size="sm" c="dimmed">
                  {s.name}
                </Text>
                <Title order={2}>{s.value}</Title>
              </Paper>
            ))}
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, md: 2 }}>
            <Section title="By status">
              <Group align="center" gap="xl" wrap="wrap">
                <div role="img" aria-label={`Profiles by status: ${byStatus.map((s) => `${s.name} ${s.value}`).join(', ')}`}>
                  <DonutChart data={byStatus.filter((s) => s.value > 0)} withLabels withTooltip />
                </div>
                {/* The donut's legend, with every status and its count (zeros included). */}
                <Stack gap={6} data-testid="status-legend">
                  {byStatus.map((s) => (
                    <Group key={s.name} gap="xs" wrap="nowrap">
                      <ColorSwatch color={`var(--mantine-color-${s.color.replace('.', '-')})`} size={14} aria-hidden />
                      <Text size="sm">
                        {s.name}: {s.value}
                      </Text>
                    </Group>
                  ))}
                </Stack>
              </Group>
            </Section>
            <Section title="By department">
              <div role="img" aria-label={`Profiles by department: ${byDep.map((d) => d.department).join(', ')}`}>
                <BarChart
                  h={260}
                  withLegend
                  yAxisProps={{ allowDecimals: false }}
                  data={byDep}
                  dataKey="department"
                  type="stacked"
                  series={waveStatuses.map((s) => ({ name: s, label: labelOf(statusLabels, s), color: colors[s] }))}
                />
              </div>
            </Section>
          </SimpleGrid>
        </>
      )}
    </>
  );
}
