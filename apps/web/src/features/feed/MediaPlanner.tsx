import { messages } from '@hh/contract/messages';
import { budget as budgetSchema, feedRoutes, type IndeedSettingsReply, type JobPlanningEntry } from '@hh/contract/feed';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Code,
  CopyButton,
  Group,
  Pagination,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { EmptyState, ErrorState, LoadingRows, PageHeader, ScrollTable, Section } from '../../components/Page.tsx';
import { api, errorText, queryKey } from '../../lib/api.ts';
import { useFormat } from '../../lib/format.ts';
import { notify } from '../../lib/notify.ts';
import { useApiQuery } from '../../lib/query.ts';
import { useSelectedClient } from '../../lib/selected-client.tsx';
import { useIndeedSettings } from './hooks.ts';

const PAGE_SIZE = 25;
const PREVIEW_BYTES = 48 * 1024;

/** The first part of the live feed, read as a stream and cut off (a feed can be hundreds of MB). */
async function readFeedStart(url: string): Promise<string> {
  const res = await fetch(url, { cache: 'no-store' });
  const reader = res.body?.getReader();
  if (!reader) return '';
  const decoder = new TextDecoder();
  let text = '';
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    text += decoder.decode(value, { stream: true });
    if (text.length >= PREVIEW_BYTES) {
      await reader.cancel();
      text = `${text.slice(0, PREVIEW_BYTES)}\n… (cut off: open the feed for the rest)`;
      break;
    }
  }
  if (!res.ok)
    throw new Error(
      text
        .replace(/<[^>]+>/g, ' ')
        .trim()
        .slice(0, 300) || `The feed answered HTTP ${res.status}`,
    );
  return text;
}

interface PreviewJob {
  title: string;
  company: string;
  location: string;
  salary: string;
  date: string;
  url: string;
  sponsored: boolean;
  indeedApply: boolean;
}

/** The complete <job> elements at the start of the feed, read as Indeed reads them. */
export function jobsOfFeedStart(xml: string): PreviewJob[] {
  const doc = new DOMParser().parseFromString(`<jobs>${[...xml.matchAll(/<job>[\s\S]*?<\/job>/g)].map((m) => m[0]).join('')}</jobs>`, 'application/xml');
  return [...doc.getElementsByTagName('job')].map((j) => {
    const t = (name: string) => j.getElementsByTagName(name)[0]?.textContent?.trim() ?? '';
    return {
      title: t('title'),
      company: t('company'),
      location: [t('city'), t('state')].filter(Boolean).join(', ') || t('country'),
      salary: t('salary'),
      date: t('date'),
      url: t('url'),
      sponsored: t('sponsored').toLowerCase() === 'yes',
      indeedApply: j.getElementsByTagName('indeed-apply-data').length > 0,
    };
  });
}

/** Issue 15: the feed preview shows the jobs as Indeed would list them, not raw XML. */
function FeedJobs({ jobs, rawUrl }: { jobs: PreviewJob[]; rawUrl: string }) {
  const fmt = useFormat();
  return (
    <Stack gap="xs" data-testid="feed-preview">
      <Group justify="space-between">
        <Text size="sm">
          The first {jobs.length} {jobs.length === 1 ? 'job' : 'jobs'} of the feed, as Indeed lists them.
        </Text>
        <Anchor href={rawUrl} target="_blank" rel="noreferrer" size="sm">
          View raw XML
        </Anchor>
      </Group>
      {jobs.length === 0 ? (
        <Text size="sm" c="dimmed">
          The feed has no jobs yet: only open jobs of this client are listed.
        </Text>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {jobs.slice(0, 12).map((j) => (
            <Paper key={j.url || j.title} withBorder p="sm" radius="md" data-testid="feed-job">
              <Anchor href={j.url} target="_blank" rel="noreferrer" fw={700}>
                {j.title}
              </Anchor>
              <Text size="sm">{j.company}</Text>
              <Text size="sm" c="dimmed">
                {j.location}
              </Text>
              {j.salary ? <Text size="sm">{j.salary}</Text> : null}
              <Group gap={6} mt={6}>
                {j.indeedApply ? (
                  <Badge variant="light" color="primary2">
                    Easily apply
                  </Badge>
                ) : null}
                {j.sponsored ? (
                  <Badge variant="light" color="orange">
                    Sponsored
                  </Badge>
                ) : null}
                {j.date ? (
                  <Text size="xs" c="dimmed">
                    Posted {fmt.day(new Date(j.date).toISOString())}
                  </Text>
                ) : null}
              </Group>
            </Paper>
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}

function FeedPanel({ settings }: { settings: IndeedSettingsReply }) {
  const [preview, setPreview] = useState<PreviewJob[] | null>(null);
  const load = useMutation({
    // Same-origin path of the feed: the portal may be opened on another host name than PUBLIC_URL.
    mutationFn: async () => jobsOfFeedStart(await readFeedStart(new URL(settings.feedUrl).pathname)),
    onSuccess: setPreview,
    onError: (err) => notify.error(`The feed could not be read: ${err instanceof Error ? err.message : 'unknown error'}`),
  });
  return (
    <Section title="Indeed feed">
      <Stack gap="sm">
        {!settings.aiSearch || !settings.mediaSubscription ? (
          <Alert color="yellow" p="xs">
            The feed answers "No indeed apply data has been configured" until this client has AI search and the media subscription turned on.
          </Alert>
        ) : null}
        <Group gap="xs" wrap="nowrap">
          {/* On a phone the URL wraps anywhere and the buttons keep their width (issue 15, 390 px). */}
          <Code style={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere' }} data-testid="feed-url">
            {settings.feedUrl}
          </Code>
          <CopyButton value={settings.feedUrl}>
            {({ copied, copy }) => (
              <Button size="xs" variant="light" onClick={copy} style={{ flexShrink: 0 }}>
                {copied ? 'Copied' : 'Copy'}
              </Button>
            )}
          </CopyButton>
          <Button size="xs" variant="light" onClick={() => load.mutate()} loading={load.isPending} style={{ flexShrink: 0 }}>
            Preview
          </Button>
        </Group>
        {preview !== null ? <FeedJobs jobs={preview} rawUrl={settings.feedUrl} /> : null}
      </Stack>
    </Section>
  );
}

/** One job's planning entry, edited in place and saved on its own. */
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
          {entry.referenceNumber} · {[entry.city, entry.state].filter(Boolean).join(', ') || 'No location'} · {entry.status}
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
                        <Table.Th />
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
