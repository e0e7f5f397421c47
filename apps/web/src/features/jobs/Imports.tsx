import { labelOf, statusLabels } from '@hh/contract/labels';
import { messages } from '@hh/contract/messages';
import { jobRoutes } from '@hh/contract/jobs';
import { jobImportRoutes } from '@hh/contract/job-imports';
import type { RouteReply } from '@hh/contract/route';
import { Badge, Button, FileInput, Group, Progress, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Fragment, useState } from 'react';
import { EmptyState, ErrorState, LoadingRows, PageHeader, ScrollTable, Section } from '../../components/Page.tsx';
import { ApiError, api, queryKey } from '../../lib/api.ts';
import { useFormat } from '../../lib/format.ts';
import { notify } from '../../lib/notify.ts';
import { useApiQuery } from '../../lib/query.ts';
import { useSelectedClient } from '../../lib/selected-client.tsx';

type JobImport = RouteReply<typeof jobImportRoutes.getById>;

/** The error report as a CSV file (every bad row, downloadable). */
function downloadErrors(i: JobImport) {
  const cell = (v: string | number) => `"${String(v).replace(/"/g, '""')}"`;
  const csv = ['row,problem', ...i.errors.map((e) => `${cell(e.line || '')},${cell(e.message)}`)].join('\r\n');
  const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = `${(i.fileName ?? 'import').replace(/\.[^.]+$/, '')}-errors.csv`;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
/** A CSV template with every column and one example job, so nobody types column names by hand. */
const TEMPLATE_COLUMNS = [
  ['title', 'Registered Nurse – Night Shift'],
  ['referenceNumber', 'RN-1001'],
  ['description', 'Care for patients on our cardiac unit. Three 12-hour nights a week.'],
  ['department', 'Nursing'],
  ['category', 'Clinical'],
  ['employmentType', 'FULL_TIME'],
  ['address1', '100 Main St'],
  ['city', 'Chicago'],
  ['state', 'IL'],
  ['zipCode', '60601'],
  ['remote', 'no'],
  ['salaryMin', '38'],
  ['salaryMax', '52'],
  ['salaryPeriod', 'HOUR'],
  ['datePosted', '2026-11-01'],
  ['validThrough', '2026-12-31'],
  ['applyUrl', ''],
  ['recruiterName', 'Riley Recruiter'],
  ['recruiterEmail', 'recruiter@example.com'],
  ['status', 'open'],
] as const;
function downloadTemplate() {
  const cell = (v: string) => (/[",\r\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);
  const csv = [TEMPLATE_COLUMNS.map(([k]) => k).join(','), TEMPLATE_COLUMNS.map(([, v]) => cell(v)).join(',')].join('\r\n');
  const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = 'jobs-template.csv';
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

const statusColor = { queued: 'gray', running: 'blue', succeeded: 'teal', failed: 'red' } as const;

/** `/harvest/jobs/imports`: upload a CSV/JSON file or pull the jobs feed; progress and a per-line error report. */
export default function Imports() {
  const { clientId, client } = useSelectedClient();
  const fmt = useFormat();
  const qc = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [open, setOpen] = useState<string | null>(null);
  const list = useApiQuery(
    jobImportRoutes.list,
    { query: { clientId: clientId ?? '' } },
    {
      enabled: !!clientId,
      silent: true,
      // Poll while an import is queued or running, so its progress moves on screen.
      refetchInterval: (q) => (q.state.data?.results.some((i) => i.status === 'queued' || i.status === 'running') ? 1000 : false),
    },
  );
  const done = () => {
    qc.invalidateQueries({ queryKey: queryKey(jobImportRoutes.list) });
    qc.invalidateQueries({ queryKey: queryKey(jobRoutes.list) });
  };
  const upload = useMutation({
    mutationFn: () => {
      const fd = new FormData();
      fd.set('clientId', clientId ?? '');
      if (file) fd.set('file', file);
      return api(jobImportRoutes.upload, { body: fd });
    },
    onSuccess: (r) => {
      notify.success(r.message ?? messages.jobs.importQueued);
      setFile(null);
      done();
    },
    onError: (err) => notify.error(err instanceof ApiError ? err.message : 'The file could not be uploaded'),
  });
  const feed = useMutation({
    mutationFn: () => api(jobImportRoutes.importFeed, { body: { clientId: clientId ?? '' } }),
    onSuccess: (r) => {
      notify.success(r.message ?? messages.jobs.importQueued);
      done();
    },
    onError: (err) => notify.error(err instanceof ApiError ? err.message : 'The feed import could not start'),
  });
  const rows = list.data?.results ?? [];

  return (
    <>
      <PageHeader title="Job imports" description="Imports are all or nothing: a file with any error changes no job, and the report names each line." />
      <Stack>
        <Section title="Import a file">
          <Text size="sm" c="dimmed" mb="xs">
            A CSV file with a header row (or JSON: a list of jobs). Each job needs a title and a reference number; jobs are matched by reference number, so
            existing ones are updated and new ones created. Start from the template: it has every column and one example job.
          </Text>
          <Button variant="default" size="xs" mb="sm" leftSection={<IconDownload size={14} />} onClick={downloadTemplate}>
            Download the CSV template
          </Button>
          <Group align="flex-end">
            <FileInput
              label="File"
              placeholder="jobs.csv or jobs.json"
              accept=".csv,.json,.xml,text/csv,application/json"
              value={file}
              onChange={setFile}
              clearable
              w={320}
            />
            <Button onClick={() => upload.mutate()} disabled={!file} loading={upload.isPending}>
              Upload and import
            </Button>
          </Group>
        </Section>
        <Section title="Jobs feed">
          <Text size="sm" mb="sm">
            {client?.jobsFeedUrl ? (
              <>
                Feed URL:{' '}
                <Text span ff="monospace">
                  {client.jobsFeedUrl}
                </Text>
                . It is imported every hour; jobs missing from the feed are closed.
              </>
            ) : (
              'This client has no jobs feed URL. Set one on the client page to import Indeed-style XML or JSON every hour.'
            )}
          </Text>
          <Button variant="light" disabled={!client?.jobsFeedUrl} loading={feed.isPending} onClick={() => feed.mutate()}>
            Import the feed now
          </Button>
        </Section>
        <Section title="Recent imports">
          {list.isLoading ? (
            <LoadingRows />
          ) : list.error ? (
            <ErrorState error={list.error} onRetry={() => list.refetch()} />
          ) : !rows.length ? (
            <EmptyState title="No imports yet">Upload a CSV or JSON file above, or import the jobs feed.</EmptyState>
          ) : (
            <ScrollTable minWidth={720}>
              <Table>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Started</Table.Th>
                    <Table.Th>Source</Table.Th>
                    <Table.Th>Status</Table.Th>
                    <Table.Th>Progress</Table.Th>
                    <Table.Th>Created / updated / closed</Table.Th>
                    <Table.Th>
                      <VisuallyHidden>Errors</VisuallyHidden>
                    </Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {rows.map((i) => (
                    <Fragment key={i._id}>
                      <Table.Tr data-testid="import-row">
                        <Table.Td>{fmt.date(i.createdAt)}</Table.Td>
                        <Table.Td>{i.source === 'feed' ? 'Jobs feed' : (i.fileName ?? 'File')}</Table.Td>
                        <Table.Td>
                          <Badge color={statusColor[i.status]} variant="light" style={{ minWidth: 'max-content', overflow: 'visible' }}>
                            {labelOf(statusLabels, i.status)}
                          </Badge>
                        </Table.Td>
                        <Table.Td w={180}>
                          <Progress
                            value={i.total ? (100 * (i.status === 'succeeded' ? i.total : i.processed)) / i.total : i.status === 'succeeded' ? 100 : 0}
                            aria-label="Import progress"
                          />
                          <Text size="xs" c="dimmed">
                            {i.status === 'succeeded' ? i.total : i.processed} of {i.total}
                          </Text>
                        </Table.Td>
                        <Table.Td>
                          {i.created} / {i.updated} / {i.closed}
                        </Table.Td>
                        <Table.Td>
                          {i.errors.length ? (
                            <Button size="xs" variant="subtle" color="red" onClick={() => setOpen(open === i._id ? null : i._id)}>
                              {open === i._id ? 'Hide' : 'Show'} {i.errors.length} {i.errors.length === 1 ? 'error' : 'errors'}
                            </Button>
                          ) : null}
                        </Table.Td>
                      </Table.Tr>
                      {open === i._id ? (
                        <Table.Tr>
                          <Table.Td colSpan={6}>
                            <Group justify="space-between" mb="xs">
                              <Text size="sm">
                                {i.errors.length === 1 ? '1 row needs fixing' : `${i.errors.length} rows need fixing`}; nothing was changed. Fix the file and
                                upload it again.
                              </Text>
                              <Button size="xs" variant="light" leftSection={<IconDownload size={14} />} onClick={() => downloadErrors(i)}>
                                Download the errors (CSV)
                              </Button>
                            </Group>
                            <Table data-testid="import-errors">
                              <Table.Thead>
                                <Table.Tr>
                                  <Table.Th w={80}>Row</Table.Th>
                                  <Table.Th>Problem</Table.Th>
                                </Table.Tr>
                              </Table.Thead>
                              <Table.Tbody>
                                {i.errors.map((e, n) => (
                                  // biome-ignore lint/suspicious/noArrayIndexKey: errors have no id
                                  <Table.Tr key={n}>
                                    <Table.Td>{e.line ? `Row ${e.line}` : 'File'}</Table.Td>
                                    <Table.Td>{e.message}</Table.Td>
                                  </Table.Tr>
                                ))}
                              </Table.Tbody>
                            </Table>
                          </Table.Td>
                        </Table.Tr>
                      ) : null}
                    </Fragment>
                  ))}
                </Table.Tbody>
              </Table>
            </ScrollTable>
          )}
        </Section>
      </Stack>
    </>
  );
}
