import { labelOf, statusLabels } from '@hh/contract/labels';
import { messages } from '@hh/contract/messages';
import { budget as budgetSchema, feedRoutes, type JobPlanningEntry } from '@hh/contract/feed';
import { Button, Pagination, Select, Stack, Switch, Table, Text, TextInput, VisuallyHidden } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { EmptyState, ErrorState, LoadingRows, PageHeader, ScrollTable, Section } from '../../components/Page.tsx';
import { api, errorText, queryKey } from '../../lib/api.ts';
import { notify } from '../../lib/notify.ts';
import { useApiQuery } from '../../lib/query.ts';
import { useSelectedClient } from '../../lib/selected-client.tsx';
import { useIndeedSettings } from './hooks.ts';
import { FeedPanel } from './FeedPanel.tsx';

const PAGE_SIZE = 25;
function PlanningRow({ clientId, entry, listOptions }: { clientId: string; entry: JobPlanningEntry; listOptions: Array<{ value: string; label: string }> }) {
  const qc = useQueryClient();
  const [adid, setAdid] = useState(entry.adid ?? '');
  const [budget, setBudget] = useState(entry.budget ?? '');
  const [indeedApply, setIndeedApply] = useState(entry.indeedApply);
  const [listId, setListId] = useState<string | null>(entry.questionsListId);
  const budgetCheck = budgetSchema.safeParse(budget);
  const budgetError = budgetCheck.success ? null : messages.feed.budgetFormat;
  const dirty = adid !== (entry.adid ?? '') || budget !== (entry.budget ?? '') || indeedApply !== entry.indeedApply || listId !== entry.questionsListId;
  const save = useMutation({
    mutationFn: () =>
      api(feedRoutes.updatePlanning, {
        body: { clientId, jobId: entry._id, adid: adid || null, budget, indeedApply, questionsListId: listId },
      }),
    onSuccess: (saved) => {
      setBudget(saved.budget ?? '');
      qc.invalidateQueries({ queryKey: queryKey(feedRoutes.planning) });
      notify.success(messages.feed.planningSaved);
    },
    onError: (err) => notify.error(errorText(err, 'The job planning could not be saved', 'budget') ?? ''),
  });
  return (
    <Table.Tr>
      <Table.Td>
        <Text size="sm" fw={500}>
          {entry.title}
        </Text>
        <Text size="xs" c="dimmed">
          {entry.referenceNumber} · {[entry.city, entry.state].filter(Boolean).join(', ') || 'No location'} · {labelOf(statusLabels, entry.status)}
        </Text>
      </Table.Td>
      <Table.Td>
        <TextInput size="xs" aria-label={`Ad id of ${entry.title}`} value={adid} onChange={(e) => setAdid(e.currentTarget.value)} w={120} />
      </Table.Td>
      <Table.Td>
        <TextInput
          size="xs"
          aria-label={`Budget of ${entry.title}`}
          leftSection="$"
          placeholder="0.00"
          value={budget}
          onChange={(e) => setBudget(e.currentTarget.value)}
          error={budgetError}
          w={150}
        />
      </Table.Td>
      <Table.Td>
        <Switch aria-label={`Indeed Apply for ${entry.title}`} checked={indeedApply} onChange={(e) => setIndeedApply(e.currentTarget.checked)} />
      </Table.Td>
      <Table.Td>
        <Select
          size="xs"
          aria-label={`Questions of ${entry.title}`}
          data={listOptions}
          value={listId}
          onChange={setListId}
          placeholder="None"
          clearable
          w={170}
        />
      </Table.Td>
      <Table.Td>
        <Button size="xs" onClick={() => save.mutate()} disabled={!dirty || !!budgetError} loading={save.isPending}>
          Save
        </Button>
      </Table.Td>
    </Table.Tr>
  );
}

/** /harvest/media/planner: each job's adid, budget, Indeed Apply flag and questions list (core spec §3 Job-planning entry). */
export default function MediaPlanner() {
  const { clientId, client } = useSelectedClient();
  const settings = useIndeedSettings(clientId);
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const list = useApiQuery(feedRoutes.planning, { query: { clientId: clientId ?? '', search, page, pageSize: PAGE_SIZE } }, { enabled: !!clientId });
  const listOptions = [
    { value: 'default', label: 'Default questions' },
    ...(settings.data?.indeedApplyQuestionsGroups ?? []).map((g) => ({ value: g.id, label: `Group: ${g.id}` })),
  ];
  const pages = Math.max(1, Math.ceil((list.data?.totalCount ?? 0) / PAGE_SIZE));
  return (
    <div>
      <PageHeader title="Media planner" description={client ? `Sponsoring and Indeed Apply for ${client.name}'s jobs` : undefined} />
      {!clientId ? <EmptyState title="Select a client first" /> : null}
      <Stack>
        {settings.data ? <FeedPanel settings={settings.data} /> : null}
        {settings.error ? <ErrorState error={settings.error} onRetry={() => settings.refetch()} /> : null}
        {clientId ? (
          <Section title="Jobs">
            <Stack>
              <Text size="sm" c="dimmed">
                A budget above $0 sponsors the job (campaign = budget, "IA" in front for Indeed Apply jobs). Indeed Apply jobs may ask the default questions or
                a group's.
              </Text>
              <TextInput
                placeholder="Search by title or reference number"
                aria-label="Search jobs"
                value={search}
                onChange={(e) => {
                  setSearch(e.currentTarget.value);
                  setPage(1);
                }}
                w="100%"
                maw={360}
              />
              {list.isLoading ? <LoadingRows /> : null}
              {list.error ? <ErrorState error={list.error} onRetry={() => list.refetch()} /> : null}
              {list.data && list.data.results.length === 0 ? <EmptyState title="No jobs found" /> : null}
              {list.data && list.data.results.length > 0 ? (
                <ScrollTable minWidth={860} label="Job planning">
                  <Table striped withTableBorder verticalSpacing="xs">
                    <Table.Thead>
                      <Table.Tr>
                        <Table.Th>Job</Table.Th>
                        <Table.Th>Ad id</Table.Th>
                        <Table.Th>Budget</Table.Th>
                        <Table.Th>Indeed Apply</Table.Th>
                        <Table.Th>Questions</Table.Th>
                        <Table.Th>
                          <VisuallyHidden>Actions</VisuallyHidden>
                        </Table.Th>
                      </Table.Tr>
                    </Table.Thead>
                    <Table.Tbody>
                      {list.data.results.map((e) => (
                        <PlanningRow
                          key={`${e._id}:${e.budget}:${e.adid}:${e.indeedApply}:${e.questionsListId}`}
                          clientId={clientId}
                          entry={e}
                          listOptions={listOptions}
                        />
                      ))}
                    </Table.Tbody>
                  </Table>
                </ScrollTable>
              ) : null}
              {pages > 1 ? <Pagination total={pages} value={page} onChange={setPage} /> : null}
            </Stack>
          </Section>
        ) : null}
      </Stack>
    </div>
  );
}
