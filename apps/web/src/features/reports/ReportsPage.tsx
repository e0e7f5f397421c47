import { crmRoutes } from '@hh/contract/crm';
import type { ReportMetric } from '@hh/contract/reports';
import { BarChart } from '@mantine/charts';
import { Group, SegmentedControl, Select, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { EmptyState, ErrorState, LoadingRows, PageHeader, ScrollTable, Section } from '../../components/Page.tsx';
import { useApiQuery } from '../../lib/query.ts';
import { useSelectedClient } from '../../lib/selected-client.tsx';
import { jobLabel } from '../jobs/index.ts';
import { type Drill, DrillModal } from './DrillModal.tsx';
import { dayLabel, daysText, lastDays, pct, zoneOfClient } from './period.ts';

import { ExportButton, Figure, type Scope, SourceTable, Tile, useReport } from './report-parts.tsx';

/** `/reports`: the hiring reports of the selected client, every figure from the one definition of its metric (server reports/). */
export default function ReportsPage() {
  const { clientId, client } = useSelectedClient();
  const timeZone = zoneOfClient(client?.timeZone);
  const [days, setDays] = useState('30');
  const [jobId, setJobId] = useState<string | null>(null);
  const [drill, setDrill] = useState<Drill | null>(null);
  const period = lastDays(Number(days), timeZone);
  const scope: Scope | null = clientId ? { clientId, ...period, timeZone, jobId: jobId ?? undefined } : null;
  const jobs = useApiQuery(crmRoutes.listCandidateRequisitions, { query: { clientId: clientId ?? undefined } }, { enabled: !!clientId });
  const applications = useReport('applications', scope);
  const applicants = useReport('new-applicants', scope);
  const conversion = useReport('stage-conversion', scope);
  const inStage = useReport('time-in-stage', scope);
  const toHire = useReport('time-to-hire', scope);
  const sources = useReport('source-of-hire', scope);
  const offers = useReport('offer-acceptance', scope);
  const all = [applications, applicants, conversion, inStage, toHire, sources, offers];
  const failed = all.find((q) => q.error);
  const open = (metric: ReportMetric, title: string, key?: string, part?: 'entered' | 'movedOn') => setDrill({ metric, title, key, part });
  const when = `${dayLabel(period.from)} – ${dayLabel(period.to)} (${timeZone})`;

  const header = (
    <PageHeader
      title="Hiring reports"
      description={client ? `How ${client.name} hires: ${when}` : undefined}
      actions={
        <Group gap="sm" wrap="wrap">
          <Select
            aria-label="Job"
            placeholder="All jobs"
            clearable
            searchable
            w={260}
            value={jobId}
            onChange={setJobId}
            data={(jobs.data?.results ?? []).map((j) => ({ value: j._id, label: jobLabel(j) }))}
          />
          <SegmentedControl
            aria-label="Period"
            value={days}
            onChange={setDays}
            data={[
              { value: '30', label: '30 days' },
              { value: '90', label: '90 days' },
              { value: '365', label: '12 months' },
            ]}
          />
        </Group>
      }
    />
  );
  if (!scope) return header;
  if (failed)
    return (
      <>
        {header}
        <ErrorState
          error={failed.error}
          onRetry={() => {
            for (const q of all) q.refetch();
          }}
        />
      </>
    );
  const a = applications.data;
  const n = applicants.data;
  const c = conversion.data;
  const s = inStage.data;
  const h = toHire.data;
  const so = sources.data;
  const o = offers.data;
  if (!a || !n || !c || !s || !h || !so || !o)
    return (
      <>
        {header}
        <LoadingRows rows={6} />
      </>
    );
  const stageDays = new Map(s.rows.map((r) => [r.key, r]));
  const funnel = c.rows.map((r) => ({ ...r, days: stageDays.get(r.key) }));
  return (
    <>
      {header}
      <Stack>
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }}>
          <Tile
            label="Applications"
            value={String(a.value ?? 0)}
            hint={when}
            onOpen={() => open('applications', `Applications, ${when}`)}
            testId="report-applications"
          />
          <Tile
            label="New applicants"
            value={String(n.value ?? 0)}
            hint="First application to you in the period"
            onOpen={() => open('new-applicants', `New applicants, ${when}`)}
            testId="report-new-applicants"
          />
          <Tile
            label="Time to hire"
            value={daysText(h.value)}
            hint={`Median over ${h.count} ${h.count === 1 ? 'hire' : 'hires'}`}
            onOpen={() => open('time-to-hire', `Hires, ${when}`)}
            testId="report-time-to-hire"
          />
          <Tile
            label="Offer acceptance"
            value={pct(o.value)}
            hint={`${o.count} ${o.count === 1 ? 'offer' : 'offers'} answered`}
            onOpen={() => open('offer-acceptance', `Offers answered, ${when}`)}
            testId="report-offer-acceptance"
          />
        </SimpleGrid>

        <Section
          title={jobId ? 'Funnel of this job' : 'Funnel of all jobs, by kind of stage'}
          actions={<ExportButton metric="stage-conversion" scope={scope} />}
        >
          <Text size="sm" c="dimmed" mb="xs">
            Applications received {when}: how many reached each stage and how many of those went further. Median days in stage counts the moves out of the stage
            in the same days.
          </Text>
          {c.count === 0 ? (
            <EmptyState title="No applications in this period">
              Pick a longer period{jobId ? ' or another job' : ''}. Applications arrive from your career site and Indeed Apply; open a job’s board to move them
              through its stages.
            </EmptyState>
          ) : (
            <>
              <BarChart
                h={240}
                data={funnel.map((r) => ({ stage: r.label, Reached: r.count, 'Moved on': r.movedOn ?? 0 }))}
                dataKey="stage"
                series={[
                  { name: 'Reached', color: 'blue.6' },
                  { name: 'Moved on', color: 'teal.7' },
                ]}
                withLegend
              />
              <ScrollTable minWidth={560} label="Funnel">
                <Table>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>Stage</Table.Th>
                      <Table.Th>Reached</Table.Th>
                      <Table.Th>Moved on</Table.Th>
                      <Table.Th>Conversion</Table.Th>
                      <Table.Th>Median days in stage</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {funnel.map((r) => (
                      <Table.Tr key={r.key} data-testid="funnel-row">
                        <Table.Td>{r.label}</Table.Td>
                        <Table.Td>
                          <Figure
                            disabled={!r.count}
                            label={`${r.count} reached ${r.label}: show them`}
                            onOpen={() => open('stage-conversion', `Reached ${r.label}, ${when}`, r.key)}
                          >
                            {r.count}
                          </Figure>
                        </Table.Td>
                        <Table.Td>
                          <Figure
                            disabled={!r.movedOn}
                            label={`${r.movedOn} moved on from ${r.label}: show them`}
                            onOpen={() => open('stage-conversion', `Moved on from ${r.label}, ${when}`, r.key, 'movedOn')}
                          >
                            {r.movedOn ?? 0}
                          </Figure>
                        </Table.Td>
                        <Table.Td>{pct(r.value)}</Table.Td>
                        <Table.Td>
                          <Figure
                            disabled={!r.days?.count}
                            label={`Median ${daysText(r.days?.value ?? null)} in ${r.label}: show the ${r.days?.count ?? 0} stays`}
                            onOpen={() => open('time-in-stage', `Time in ${r.label}, ${when}`, r.key)}
                          >
                            {daysText(r.days?.value ?? null)}
                          </Figure>
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </ScrollTable>
            </>
          )}
        </Section>

        <SimpleGrid cols={{ base: 1, md: 2 }}>
          <Section title="Time to hire, per job" actions={<ExportButton metric="time-to-hire" scope={scope} />}>
            {h.count === 0 ? (
              <EmptyState title="No hires in this period">
                Move an application to Hired on its job’s board, or have a candidate accept an offer, and the days from application to hire show here.
              </EmptyState>
            ) : (
              <ScrollTable minWidth={360} label="Time to hire per job">
                <Table>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>Job</Table.Th>
                      <Table.Th>Hires</Table.Th>
                      <Table.Th>Median days</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {h.rows.map((r) => (
                      <Table.Tr key={r.key}>
                        <Table.Td>{r.label}</Table.Td>
                        <Table.Td>
                          <Figure
                            label={`${r.count} hires for ${r.label}: show them`}
                            onOpen={() => open('time-to-hire', `Hires for ${r.label}, ${when}`, r.key)}
                          >
                            {r.count}
                          </Figure>
                        </Table.Td>
                        <Table.Td>{daysText(r.value)}</Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </ScrollTable>
            )}
          </Section>
          <Section title="Source of hire" actions={<ExportButton metric="source-of-hire" scope={scope} />}>
            {so.count === 0 ? (
              <EmptyState title="No hires in this period">Hires are counted by the source of their application: career site, Indeed, referral…</EmptyState>
            ) : (
              <>
                <BarChart
                  h={Math.max(120, so.rows.length * 36)}
                  data={so.rows.map((r) => ({ source: r.label, Hires: r.count }))}
                  dataKey="source"
                  orientation="vertical"
                  series={[{ name: 'Hires', color: 'blue.6' }]}
                />
                <SourceTable rows={so} onOpen={(key, label) => open('source-of-hire', `Hires from ${label}, ${when}`, key)} />
              </>
            )}
          </Section>
        </SimpleGrid>

        <Section title="Offer acceptance" actions={<ExportButton metric="offer-acceptance" scope={scope} />}>
          {o.count === 0 ? (
            <EmptyState title="No offers answered in this period">
              Send an offer from an application; when the candidate accepts or declines it on the offer page, it counts here.
            </EmptyState>
          ) : (
            <Group gap="xl">
              {o.rows.map((r) => (
                <Text key={r.key}>
                  {r.label}:{' '}
                  <Figure
                    disabled={!r.count}
                    label={`${r.count} offers ${r.label.toLowerCase()}: show them`}
                    onOpen={() => open('offer-acceptance', `Offers ${r.label.toLowerCase()}, ${when}`, r.key)}
                  >
                    {r.count}
                  </Figure>{' '}
                  ({pct(r.value)})
                </Text>
              ))}
            </Group>
          )}
        </Section>
        <Text size="xs" c="dimmed">
          Every figure is counted in {timeZone}, the client’s time zone (change it under <Link to="/clients">Clients</Link>). The same definitions feed Home and
          the dashboard.
        </Text>
      </Stack>
      <DrillModal key={drill ? `${drill.metric}|${drill.key}|${drill.part}` : 'none'} drill={drill} scope={scope} onClose={() => setDrill(null)} />
    </>
  );
}
