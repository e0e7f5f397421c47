import type { Job } from '@hh/contract/jobs';
import { messages } from '@hh/contract/messages';
import { Anchor, Badge, Button, Checkbox, Group, Pagination, Select, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { EmptyState, ErrorState, LoadingRows, PageHeader, Section } from '../../components/Page.tsx';
import { api, errorText } from '../../lib/api.ts';
import { notify } from '../../lib/notify.ts';
import { useApiQuery } from '../../lib/query.ts';
import { type Paged, useSelectedClient } from '../../lib/selected-client.tsx';
import { ApplicantCount, useApplicantCounts } from '../crm/ApplicantCount.tsx';
import { JOBS, useDepartments } from './hooks.ts';

const PAGE_SIZE = 25;
const SORTS = [
  { value: 'datePosted:desc', label: 'Newest first' },
  { value: 'datePosted:asc', label: 'Oldest first' },
  { value: 'title:asc', label: 'Title A-Z' },
  { value: 'city:asc', label: 'City A-Z' },
  { value: 'updatedAt:desc', label: 'Recently updated' },
];
const statusColor = { open: 'teal', draft: 'gray', closed: 'red' } as const;

/** `/harvest/jobs`: the client's jobs with filter, sort, paging and bulk close. */
export default function JobsList() {
  const { clientId, client } = useSelectedClient();
  const qc = useQueryClient();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 300);
  const [status, setStatus] = useState<string>('all');
  const [departmentId, setDepartmentId] = useState<string | null>(null);
  const [sort, setSort] = useState('datePosted:desc');
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [sortBy, sortDir] = sort.split(':');
  const deps = useDepartments(clientId);
  const applicants = useApplicantCounts(clientId);
  const list = useApiQuery<Paged<Job>>(
    JOBS,
    {
      clientId: clientId ?? undefined,
      search: debounced || undefined,
      status,
      departmentId: departmentId ?? undefined,
      sortBy,
      sortDir,
      page,
      pageSize: PAGE_SIZE,
    },
    { enabled: !!clientId, placeholderData: (prev) => prev },
  );
  const close = useMutation({
    mutationFn: () => api<{ message: string; closed: number }>('/api/job/bulk-close', { method: 'POST', body: { clientId, jobIds: [...selected] } }),
    onSuccess: (r) => {
      notify.success(r.message);
      setSelected(new Set());
      qc.invalidateQueries({ queryKey: [JOBS] });
    },
    onError: (err) => notify.error(errorText(err, 'The jobs could not be closed', 'job')),
  });
  const rows = list.data?.results ?? [];
  const allOnPage = rows.length > 0 && rows.every((r) => selected.has(r._id));
  const toggle = (id: string) =>
    setSelected((s) => {
      const n = new Set(s);
      if (n.has(id)) n.delete(id);
      else n.add(id);
      return n;
    });

  return (
    <>
      <PageHeader
        title="Jobs"
        description={client ? `Jobs of ${client.name}. Open jobs appear on the career site.` : undefined}
        actions={
          <>
            <Button component={Link} to="/harvest/jobs/imports" variant="light">
              Import jobs
            </Button>
            <Button component={Link} to="/harvest/jobs/new">
              New job
            </Button>
          </>
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
            label="Status"
            data={[
              { value: 'all', label: 'All' },
              { value: 'open', label: 'Open' },
              { value: 'draft', label: 'Draft' },
              { value: 'closed', label: 'Closed' },
            ]}
            value={status}
            onChange={(v) => {
              setStatus(v ?? 'all');
              setPage(1);
            }}
            w={140}
            allowDeselect={false}
          />
          <Select
            label="Department"
            data={(deps.data?.results ?? []).map((d) => ({ value: d._id, label: d.name }))}
            value={departmentId}
            onChange={(v) => {
              setDepartmentId(v);
              setPage(1);
            }}
            clearable
            placeholder="All departments"
            w={220}
          />
          <Select label="Sort by" data={SORTS} value={sort} onChange={(v) => setSort(v ?? 'datePosted:desc')} w={190} allowDeselect={false} />
          <Button color="red" variant="light" disabled={!selected.size} loading={close.isPending} onClick={() => close.mutate()}>
            Close selected ({selected.size})
          </Button>
        </Group>
        {list.isLoading ? (
          <LoadingRows />
        ) : list.error ? (
          <ErrorState error={new Error(messages.recruiting.jobsFetchError)} onRetry={() => list.refetch()} />
        ) : !rows.length ? (
          <EmptyState title="No jobs match">Create a job or import a file to get started.</EmptyState>
        ) : (
          <>
            <Table.ScrollContainer minWidth={760}>
              <Table striped highlightOnHover>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th w={40}>
                      <Checkbox
                        aria-label="Select all jobs on this page"
                        checked={allOnPage}
                        onChange={() =>
                          setSelected((s) =>
                            allOnPage ? new Set([...s].filter((id) => !rows.some((r) => r._id === id))) : new Set([...s, ...rows.map((r) => r._id)]),
                          )
                        }
                      />
                    </Table.Th>
                    <Table.Th>Title</Table.Th>
                    <Table.Th>Department</Table.Th>
                    <Table.Th>Location</Table.Th>
                    <Table.Th>Reference</Table.Th>
                    <Table.Th>Posted</Table.Th>
                    <Table.Th>Applicants</Table.Th>
                    <Table.Th>Status</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {rows.map((j) => (
                    <Table.Tr key={j._id} data-testid="job-row">
                      <Table.Td>
                        <Checkbox aria-label={`Select ${j.title}`} checked={selected.has(j._id)} onChange={() => toggle(j._id)} />
                      </Table.Td>
                      <Table.Td>
                        <Anchor component={Link} to={`/harvest/jobs/${j._id}`}>
                          {j.title}
                        </Anchor>
                      </Table.Td>
                      <Table.Td>{j.department ?? '—'}</Table.Td>
                      <Table.Td>{j.remote && !j.city ? 'Remote' : [j.city, j.state].filter(Boolean).join(', ') || '—'}</Table.Td>
                      <Table.Td>
                        <Text size="sm" ff="monospace">
                          {j.referenceNumber}
                        </Text>
                      </Table.Td>
                      <Table.Td>{j.datePosted.slice(0, 10)}</Table.Td>
                      <Table.Td>
                        <ApplicantCount counts={applicants} jobId={j._id} />
                      </Table.Td>
                      <Table.Td>
                        <Badge color={statusColor[j.status]} variant="light">
                          {j.status}
                        </Badge>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
            <Group justify="space-between" mt="md">
              <Text size="sm" c="dimmed">
                {list.data?.totalCount} jobs
              </Text>
              <Pagination total={Math.max(1, Math.ceil((list.data?.totalCount ?? 0) / PAGE_SIZE))} value={page} onChange={setPage} />
            </Group>
          </>
        )}
      </Section>
      <Text size="xs" c="dimmed" mt="xs">
        Closing a job removes it from the career site, the sitemap and the Indeed feed.
      </Text>
    </>
  );
}
