import { crmRoutes } from '@hh/contract/crm';
import { labelOf, sourceLabels } from '@hh/contract/labels';
import { messages } from '@hh/contract/messages';
import { Anchor, Badge, Button, Drawer, Group, Pagination, Paper, Select, SimpleGrid, Stack, Switch, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { EmptyState, ErrorState, LoadingRows, PageHeader } from '../../components/Page.tsx';
import { errorText } from '../../lib/api.ts';
import { useFormat } from '../../lib/format.ts';
import { notify } from '../../lib/notify.ts';
import { useApiQuery } from '../../lib/query.ts';
import { useSelectedClient } from '../../lib/selected-client.tsx';
import { CandidateDrawer } from './CandidateDrawer.tsx';
import { ResumePreview } from './CandidateFiles.tsx';
import { jobLabel } from '../jobs/index.ts';
import { api, type InboxItem, useCandidateInvalidation, usePipeline, useRequisitions } from './hooks.ts';
import { AaText, pagerLabels, statusColor } from './ui.tsx';

const PAGE_SIZE = 20;

/**
 * `/harvest/applications` (applications come first: the screen a recruiter starts from): the newest applications, all jobs or
 * one (`?jobId=`), with who, when, source, the answers, a resume preview and the status to move.
 * Opening the inbox marks nothing read: an application is marked read when the recruiter opens it
 * (clicks its name), so "New" still means "nobody has read this", and the counts on the jobs fall.
 */
export default function ApplicationsInbox() {
  const { clientId } = useSelectedClient();
  const fmt = useFormat();
  const when = (iso: string) => fmt.date(iso);
  const [params, setParams] = useSearchParams();
  const jobId = params.get('jobId');
  const [onlyNew, setOnlyNew] = useState(false);
  const [page, setPage] = useState(1);
  // The application being read; kept as a copy so it stays open when "Unread only" drops it from the list.
  const [opened, setOpened] = useState<InboxItem | null>(null);
  const [drawer, setDrawer] = useState<string | null>(null);
  // Below the two-column width the application opens full screen over the list: in one column it
  // would render under twenty rows, far below where the recruiter tapped, with nothing scrolling to it.
  const narrow = useMediaQuery('(max-width: 61.99em)', false, { getInitialValueInEffect: false });
  const reqs = useRequisitions(clientId);
  const pipeline = usePipeline(clientId);
  const invalidate = useCandidateInvalidation();
  const list = useApiQuery(
    crmRoutes.listApplications,
    { query: { clientId: clientId ?? '', jobId: jobId ?? undefined, onlyNew: onlyNew || undefined, pageNumber: page, pageSize: PAGE_SIZE } },
    { enabled: !!clientId, placeholderData: (prev) => prev },
  );
  const rows = list.data?.results ?? [];
  const item = (opened && rows.find((r) => r._id === opened._id)) ?? opened;
  const markRead = useMutation({
    mutationFn: (id: string) => api(crmRoutes.updateApplication, { body: { clientId: clientId as string, _id: id, status: 'reviewed' } }),
    onSuccess: () => invalidate(),
  });
  const move = useMutation({
    mutationFn: (v: { candidateId: string; status: string }) =>
      api(crmRoutes.updateCandidateById, { params: { id: v.candidateId }, body: { clientId: clientId as string, status: v.status } }),
    onSuccess: (r, v) => {
      notify.success(r.message);
      invalidate(v.candidateId);
    },
    onError: (err) => notify.error(errorText(err, 'The status could not be changed', 'status')),
  });
  const open = (r: InboxItem) => {
    setOpened(r);
    if (r.status === 'new') markRead.mutate(r._id);
  };
  const statuses = pipeline.data?.statuses ?? [];
  const detail = item ? (
    <Paper withBorder p="md" radius="md">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start">
          <div>
            {/* At a phone width the full-screen drawer's title is the name already. */}
            {narrow ? null : (
              <Title order={2} size="h4">
                {item.firstName} {item.lastName}
              </Title>
            )}
            <Text size="sm">
              {item.email} · {item.phone ?? 'No phone'}
            </Text>
            <Text size="sm" c="gray.7">
              Applied for {item.jobTitle} · {when(item.createdAt)} · {labelOf(sourceLabels, item.source)}
            </Text>
          </div>
          <Badge color={statusColor(statuses, item.candidateStatus)} variant="filled">
            {item.candidateStatus}
          </Badge>
        </Group>
        <Group align="flex-end" gap="sm">
          <Select
            label="Move to"
            data={statuses}
            value={item.candidateStatus}
            onChange={(v) => v && v !== item.candidateStatus && move.mutate({ candidateId: item.candidateId, status: v })}
            allowDeselect={false}
            w={200}
          />
          <Button variant="light" onClick={() => setDrawer(item.candidateId)}>
            Open candidate
          </Button>
        </Group>
        {item.answers.length ? (
          <Stack gap={2}>
            {item.answers.map((a) => (
              <Text size="sm" key={a.questionId ?? a.question}>
                <Text span c="gray.7">
                  {a.question}
                </Text>{' '}
                {a.answer}
              </Text>
            ))}
          </Stack>
        ) : null}
        {item.resume ? <ResumePreview file={item.resume} /> : <Text c="gray.7">No resume was sent.</Text>}
      </Stack>
    </Paper>
  ) : null;
  return (
    <>
      <PageHeader
        title="Applications"
        description={<AaText>New applications first. Open one to read the answers and the resume, then move the candidate on.</AaText>}
      />
      <Group mb="md" align="flex-end" wrap="wrap">
        <Select
          label="Job"
          placeholder="All jobs"
          data={(reqs.data?.results ?? []).map((r) => ({
            value: r._id,
            label: `${jobLabel(r)} · ${r.candidates === 1 ? '1 candidate' : `${r.candidates} candidates`}`,
          }))}
          value={jobId}
          onChange={(v) => {
            const p = new URLSearchParams(params);
            if (v) p.set('jobId', v);
            else p.delete('jobId');
            setParams(p);
            setPage(1);
          }}
          clearable
          searchable
          w={300}
        />
        <Switch
          label="Unread only"
          checked={onlyNew}
          onChange={(e) => {
            setOnlyNew(e.currentTarget.checked);
            setPage(1);
          }}
          mb={8}
        />
      </Group>
      {list.isLoading ? (
        <LoadingRows rows={6} />
      ) : list.error ? (
        <ErrorState error={new Error(messages.recruiting.candidatesFetchError)} onRetry={() => list.refetch()} />
      ) : !rows.length ? (
        <EmptyState title={onlyNew ? 'No unread applications' : 'No applications yet'}>
          Applications from the career site and Indeed Apply appear here as soon as they arrive. Share a job link to get the first one.
        </EmptyState>
      ) : (
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
          <Stack gap="xs">
            {rows.map((r) => (
              <Paper
                key={r._id}
                withBorder
                p="sm"
                radius="md"
                style={item?._id === r._id ? { borderLeft: '4px solid #0C74E4' } : undefined}
                aria-current={item?._id === r._id ? 'true' : undefined}
                data-testid="application-row"
              >
                <Group justify="space-between" wrap="nowrap">
                  <Anchor component="button" type="button" fw={600} onClick={() => open(r)}>
                    {r.firstName} {r.lastName}
                  </Anchor>
                  {r.status === 'new' ? (
                    <Badge color="blue.8" variant="filled" size="sm">
                      New
                    </Badge>
                  ) : null}
                </Group>
                <Text size="sm">{r.jobTitle}</Text>
                <Text size="xs" c="gray.7">
                  {when(r.createdAt)} · {labelOf(sourceLabels, r.source)}
                </Text>
              </Paper>
            ))}
            <Group justify="space-between">
              <Text size="sm" c="gray.7">
                {list.data?.totalCount === 1 ? '1 application' : `${list.data?.totalCount ?? 0} applications`}
              </Text>
              <Pagination
                getControlProps={pagerLabels}
                size="sm"
                total={Math.max(1, Math.ceil((list.data?.totalCount ?? 0) / PAGE_SIZE))}
                value={page}
                onChange={setPage}
              />
            </Group>
          </Stack>
          {narrow ? null : item ? (
            detail
          ) : (
            <Paper withBorder p="md" radius="md" data-testid="inbox-pick">
              <Text c="gray.7">Choose an application to read it. It is marked as read when you open it.</Text>
            </Paper>
          )}
        </SimpleGrid>
      )}
      {narrow ? (
        <Drawer
          opened={!!item}
          onClose={() => setOpened(null)}
          position="right"
          size="100%"
          title={item ? `${item.firstName} ${item.lastName}` : 'Application'}
          closeButtonProps={{ 'aria-label': 'Close application' }}
        >
          {detail}
        </Drawer>
      ) : null}
      <CandidateDrawer candidateId={drawer} onClose={() => setDrawer(null)} />
    </>
  );
}
