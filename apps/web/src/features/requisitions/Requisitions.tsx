import { labelOf, statusLabels } from '@hh/contract/labels';
import { messages } from '@hh/contract/messages';
import type { ParsedResume } from '@hh/contract/requisitions';
import { Anchor, Badge, Button, Group, Paper, Select, Stack, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import { useState } from 'react';
import { Link } from 'react-router';
import { EmptyState, ErrorState, LoadingRows, PageHeader, Section } from '../../components/Page.tsx';
import { useSelectedClient } from '../../lib/selected-client.tsx';
import { type JobStatusFilter, statusLabel, useRequisitions } from './hooks.ts';
import { Pager } from './Pager.tsx';
import { ParsedResumeView, ResumeParseDrop } from './ResumeParser.tsx';

const PAGE_SIZE = 25;
const jobStatusColor: Record<string, string> = { open: 'teal.9', draft: 'gray.8', closed: 'red.9' };

/** `/cultivate/requisitions`: the client's requisitions with candidate counts per status, and resume parsing. */
export default function Requisitions() {
  const { clientId, client } = useSelectedClient();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 300);
  const [status, setStatus] = useState<JobStatusFilter>('all');
  const [page, setPage] = useState(1);
  const [parsed, setParsed] = useState<{ r: ParsedResume; name: string } | null>(null);
  const list = useRequisitions({ clientId, pageNumber: page, pageSize: PAGE_SIZE, searchQuery: debounced || undefined, status });
  const items = list.data?.items ?? [];
  const statuses = list.data?.statuses ?? ['new'];
  const filtered = !!debounced || status !== 'all';
  const narrow = useMediaQuery('(max-width: 48em)');

  return (
    <>
      <PageHeader
        title="Requisitions"
        description={
          client ? (
            <Text span c="gray.7" inherit>
              Jobs of {client.name} with their applicants by status. Open one to rank its candidates against its keywords.
            </Text>
          ) : undefined
        }
        actions={
          <Button component={Link} to="/harvest/jobs/new" variant="light">
            New job
          </Button>
        }
      />
      <Section>
        <Group mb="md" align="flex-end" wrap="wrap">
          <TextInput
            label="Search"
            placeholder="Title, reference or city"
            value={search}
            onChange={(e) => {
              setSearch(e.currentTarget.value);
              setPage(1);
            }}
            w={260}
          />
          <Select
            label="Job status"
            data={[
              { value: 'all', label: 'All' },
              { value: 'open', label: 'Open' },
              { value: 'draft', label: 'Draft' },
              { value: 'closed', label: 'Closed' },
            ]}
            value={status}
            onChange={(v) => {
              setStatus((v ?? 'all') as JobStatusFilter);
              setPage(1);
            }}
            w={150}
            allowDeselect={false}
          />
        </Group>
        {list.isLoading ? (
          <LoadingRows />
        ) : list.error ? (
          <ErrorState error={new Error(messages.recruiting.jobsFetchError)} onRetry={() => list.refetch()} />
        ) : !items.length ? (
          filtered ? (
            <EmptyState title="No requisitions match">Clear the search or choose another status.</EmptyState>
          ) : (
            <EmptyState title="No requisitions yet">Every job is a requisition: create a job under Jobs and its applicants appear here.</EmptyState>
          )
        ) : (
          <>
            {narrow ? (
              <Stack gap="xs">
                {items.map((r) => (
                  <Paper key={r._id} withBorder p="sm" radius="md" data-testid="requisition-row">
                    <Group justify="space-between" wrap="nowrap" align="flex-start">
                      <div style={{ minWidth: 0 }}>
                        <Anchor component={Link} to={`/cultivate/requisitions/${r._id}`} fw={500}>
                          {r.title}
                        </Anchor>
                        <Text size="xs" c="gray.7">
                          {[r.city, r.state].filter(Boolean).join(', ') || '—'} · {r.requisitionId || r.referenceNumber}
                        </Text>
                      </div>
                      <Badge color={jobStatusColor[r.status] ?? 'gray.8'} variant="outline" style={{ flexShrink: 0 }}>
                        {labelOf(statusLabels, r.status)}
                      </Badge>
                    </Group>
                    <Text size="sm" mt={6}>
                      <Text span fw={700} data-testid="candidate-count">
                        {r.candidateCount}
                      </Text>{' '}
                      {r.candidateCount === 1 ? 'candidate' : 'candidates'}
                      {statuses.map((s) => (
                        <Text span key={s} c="gray.7">
                          {' · '}
                          {statusLabel(s)}{' '}
                          <Text span data-status={s} inherit>
                            {r.statusCounts[s] ?? 0}
                          </Text>
                        </Text>
                      ))}
                    </Text>
                  </Paper>
                ))}
              </Stack>
            ) : (
              <Table.ScrollContainer minWidth={640 + statuses.length * 90}>
                <Table highlightOnHover withTableBorder bg="white">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>Requisition</Table.Th>
                      <Table.Th>Location</Table.Th>
                      <Table.Th>Job status</Table.Th>
                      <Table.Th ta="right">Candidates</Table.Th>
                      {statuses.map((s) => (
                        <Table.Th key={s} ta="right">
                          {statusLabel(s)}
                        </Table.Th>
                      ))}
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {items.map((r) => (
                      <Table.Tr key={r._id} data-testid="requisition-row">
                        <Table.Td>
                          <Anchor component={Link} to={`/cultivate/requisitions/${r._id}`} fw={500}>
                            {r.title}
                          </Anchor>
                          <Text size="xs" c="gray.7" ff="monospace">
                            {r.requisitionId || r.referenceNumber}
                          </Text>
                        </Table.Td>
                        <Table.Td>{[r.city, r.state].filter(Boolean).join(', ') || '—'}</Table.Td>
                        <Table.Td>
                          <Badge color={jobStatusColor[r.status] ?? 'gray.8'} variant="outline">
                            {labelOf(statusLabels, r.status)}
                          </Badge>
                        </Table.Td>
                        <Table.Td ta="right" fw={600} data-testid="candidate-count">
                          {r.candidateCount}
                        </Table.Td>
                        {statuses.map((s) => (
                          <Table.Td key={s} ta="right" data-status={s}>
                            {r.statusCounts[s] ?? 0}
                          </Table.Td>
                        ))}
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            )}
            <Group justify="space-between" mt="md">
              <Text size="sm" c="gray.7">
                {list.data?.total} {list.data?.total === 1 ? 'requisition' : 'requisitions'}
              </Text>
              <Pager total={list.data?.total ?? 0} pageSize={PAGE_SIZE} page={page} onChange={setPage} />
            </Group>
          </>
        )}
      </Section>
      <div style={{ marginTop: 'var(--mantine-spacing-lg)' }}>
        <Section title="Parse a resume">
          <Text size="sm" mb="sm">
            See what the parser reads from a resume: name, contact details, location, links, skills, work history and education.
          </Text>
          <ResumeParseDrop onParsed={(r, file) => setParsed({ r, name: file.name })} onFailed={() => setParsed(null)} />
          {parsed ? (
            <div style={{ marginTop: 'var(--mantine-spacing-md)' }}>
              <ParsedResumeView r={parsed.r} fileName={parsed.name} />
            </div>
          ) : null}
        </Section>
      </div>
    </>
  );
}
