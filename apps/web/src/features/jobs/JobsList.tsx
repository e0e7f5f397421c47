import { labelOf, statusLabels } from '@hh/contract/labels';
import { type Job, jobRoutes } from '@hh/contract/jobs';
import { messages } from '@hh/contract/messages';
import type { RouteQuery } from '@hh/contract/route';
import { Anchor, Badge, Button, Checkbox, Group, Pagination, Select, Table, Text, TextInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { EmptyState, ErrorState, LoadingRows, PageHeader, ScrollTable, Section } from '../../components/Page.tsx';
import { api, errorText, queryKey } from '../../lib/api.ts';
import { useFormat } from '../../lib/format.ts';
import { notify } from '../../lib/notify.ts';
import { confirmDanger, showUndo, UNDO_SECONDS } from '../../lib/second-chance.tsx';
import { useApiQuery } from '../../lib/query.ts';
import { useSearchState, useSearchText } from '../../lib/search-state.ts';
import { useSelectedClient } from '../../lib/selected-client.tsx';
import { ApplicantCount, useApplicantCounts } from '../crm/index.ts';
import { useDepartments } from './hooks.ts';

const PAGE_SIZE = 25;
const SORTS = [
  { value: 'datePosted:desc', label: 'Newest first' },
  { value: 'datePosted:asc', label: 'Oldest first' },
  { value: 'title:asc', label: 'Title A-Z' },
  { value: 'city:asc', label: 'City A-Z' },
  { value: 'updatedAt:desc', label: 'Recently updated' },
];
const statusColor = { open: 'teal', draft: 'gray', closed: 'red' } as const;
type JobsQuery = RouteQuery<typeof jobRoutes.list>;

/** `/harvest/jobs`: the client's jobs with filter, sort, paging and bulk close. */
export default function JobsList() {
  const { clientId, client } = useSelectedClient();
  const fmt = useFormat();
  const qc = useQueryClient();
  // The search, filters, sort and page live in the address, so a filtered list can be shared as a link.
  const { values: q, set } = useSearchState(
    jobRoutes.list,
    { search: '', status: 'all', departmentId: '', sortBy: 'datePosted', sortDir: 'desc', page: 1 },
    { page: 'page' },
  );
  const [search, setSearch] = useSearchText(q.search, (text) => set({ search: text }));
  // Selected jobs with the status they had, so Undo can put them back.
  const [selected, setSelected] = useState<Map<string, { _id: string; status: Job['status'] }>>(new Map());
  const deps = useDepartments(clientId);
  const applicants = useApplicantCounts(clientId);
  const list = useApiQuery(
    jobRoutes.list,
    {
      query: {
        clientId: clientId ?? '',
        search: q.search || undefined,
        status: q.status,
        departmentId: q.departmentId || undefined,
        sortBy: q.sortBy,
        sortDir: q.sortDir,
        page: q.page,
        pageSize: PAGE_SIZE,
      },
    },
    { enabled: !!clientId, placeholderData: (prev) => prev },
  );
  const close = useMutation({
    mutationFn: (jobs: Array<{ _id: string; status: Job['status'] }>) =>
      api(jobRoutes.bulkClose, { body: { clientId: clientId ?? '', jobIds: jobs.map((j) => j._id) } }),
    onSuccess: (r, jobs) => {
      setSelected(new Map());
      qc.invalidateQueries({ queryKey: queryKey(jobRoutes.list) });
      // Undo for 10 s puts each job back in the status it had (open or draft).
      const back = jobs.filter((j) => j.status !== 'closed');
      showUndo({
        message: r.message,
        undoneMessage: back.length === 1 ? 'The job is back as it was' : `${back.length} jobs are back as they were`,
        onUndo: async () => {
          await Promise.all(back.map((j) => api(jobRoutes.update, { body: { _id: j._id, clientId: clientId ?? '', status: j.status } })));
          await qc.invalidateQueries({ queryKey: queryKey(jobRoutes.list) });
        },
      });
    },
    onError: (err) => notify.error(errorText(err, 'The jobs could not be closed', 'job')),
  });
  async function closeSelected() {
    const jobs = [...selected.values()];
    const live = jobs.filter((j) => j.status === 'open').length;
    const ok = await confirmDanger({
      title: jobs.length === 1 ? 'Close this job?' : `Close ${jobs.length} jobs?`,
      confirmLabel: jobs.length === 1 ? 'Close job' : `Close ${jobs.length} jobs`,
      children: `${live ? `${live} of them ${live === 1 ? 'is' : 'are'} live: ` : ''}closed jobs leave the career site, the sitemap and the Indeed feed. You can undo for ${UNDO_SECONDS} seconds.`,
    });
    if (ok) close.mutate(jobs);
  }
  const rows = list.data?.results ?? [];
  const allOnPage = rows.length > 0 && rows.every((r) => selected.has(r._id));
  const toggle = (j: Job) =>
    setSelected((s) => {
      const n = new Map(s);
      if (n.has(j._id)) n.delete(j._id);
      else n.set(j._id, { _id: j._id, status: j.status });
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
          <TextInput label="Search" placeholder="Title, reference or city" value={search} onChange={(e) => setSearch(e.currentTarget.value)} w={260} />
          <Select
            label="Status"
            data={[
              { value: 'all', label: 'All' },
              { value: 'open', label: 'Open' },
              { value: 'draft', label: 'Draft' },
              { value: 'closed', label: 'Closed' },
            ]}
            value={q.status}
            onChange={(v) => set({ status: (v ?? 'all') as JobsQuery['status'] })}
            w={140}
            allowDeselect={false}
          />
          <Select
            label="Department"
            data={(deps.data?.results ?? []).map((d) => ({ value: d._id, label: d.name }))}
            value={q.departmentId || null}
            onChange={(v) => set({ departmentId: v ?? '' })}
            clearable
            placeholder="All departments"
            w={220}
          />
          <Select
            label="Sort by"
            data={SORTS}
            value={`${q.sortBy}:${q.sortDir}`}
            onChange={(v) => {
              const [sortBy, sortDir] = (v ?? 'datePosted:desc').split(':') as [JobsQuery['sortBy'], JobsQuery['sortDir']];
              set({ sortBy, sortDir, page: q.page });
            }}
            w={190}
            allowDeselect={false}
          />
          <Button color="red" variant="light" disabled={!selected.size} loading={close.isPending} onClick={closeSelected}>
            Close selected ({selected.size})
          </Button>
        </Group>
        {list.isLoading ? (
          <LoadingRows />
        ) : list.error ? (
          <ErrorState error={list.error} message={messages.recruiting.jobsFetchError} onRetry={() => list.refetch()} />
        ) : !rows.length ? (
          <EmptyState title="No jobs match">Create a job or import a file to get started.</EmptyState>
        ) : (
          <>
            <ScrollTable minWidth={760}>
              <Table striped highlightOnHover>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th w={40}>
                      <Checkbox
                        aria-label="Select all jobs on this page"
                        checked={allOnPage}
                        onChange={() =>
                          setSelected((s) => {
                            const n = new Map(s);
                            for (const r of rows) {
                              if (allOnPage) n.delete(r._id);
                              else n.set(r._id, { _id: r._id, status: r.status });
                            }
                            return n;
                          })
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
                        <Checkbox aria-label={`Select ${j.title}`} checked={selected.has(j._id)} onChange={() => toggle(j)} />
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
                      <Table.Td>{fmt.day(j.datePosted)}</Table.Td>
                      <Table.Td>
                        <ApplicantCount counts={applicants} jobId={j._id} />
                      </Table.Td>
                      <Table.Td>
                        <Badge color={statusColor[j.status]} variant="light">
                          {labelOf(statusLabels, j.status)}
                        </Badge>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </ScrollTable>
            <Group justify="space-between" mt="md">
              <Text size="sm" c="dimmed">
                {list.data?.totalCount} jobs
              </Text>
              <Pagination total={Math.max(1, Math.ceil((list.data?.totalCount ?? 0) / PAGE_SIZE))} value={q.page} onChange={(page) => set({ page })} />
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
