import { messages } from '@hh/contract/messages';
import { feedRoutes, type IndeedSettingsReply, type ScreenerQuestion, validateQuestionSet } from '@hh/contract/feed';
import { Alert, Button, Code, CopyButton, Group, PasswordInput, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { EmptyState, ErrorState, LoadingRows, PageHeader, Section } from '../../components/Page.tsx';
import { api, errorText, queryKey } from '../../lib/api.ts';
import { notify } from '../../lib/notify.ts';
import { useSelectedClient } from '../../lib/selected-client.tsx';
import { useIndeedSettings } from './hooks.ts';
import { QuestionBuilder } from './QuestionBuilder.tsx';

function Credentials({ settings }: { settings: IndeedSettingsReply }) {
  const qc = useQueryClient();
  const [apiToken, setToken] = useState('');
  const [apiSecret, setSecret] = useState('');
  const save = useMutation({
    mutationFn: () =>
      api(feedRoutes.saveCredentials, {
        body: { clientId: settings.clientId, ...(apiToken ? { apiToken } : {}), ...(apiSecret ? { apiSecret } : {}) },
      }),
    onSuccess: (data) => {
      qc.setQueryData(queryKey(feedRoutes.settings, { query: { clientId: settings.clientId } }), data);
      setToken('');
      setSecret('');
      notify.success(messages.feed.credentialsSaved);
    },
    onError: (err) => notify.error(errorText(err, 'The credentials could not be saved', 'indeedApply')),
  });
  return (
    <Section title="Indeed Apply credentials">
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          The API token goes into each Indeed Apply job of the feed; the API secret checks the signature of the applications Indeed posts to{' '}
          <Code>{settings.postUrl}</Code>. Neither is shown again once saved.
        </Text>
        {/* Side by side from 576 px; stacked on a phone, where half a row cuts the hints short. */}
        <SimpleGrid cols={{ base: 1, xs: 2 }}>
          <TextInput
            label="API token"
            placeholder={settings.apiTokenHint ? `Saved (${settings.apiTokenHint}); type to replace` : 'Not set'}
            value={apiToken}
            onChange={(e) => setToken(e.currentTarget.value)}
            autoComplete="off"
          />
          <PasswordInput
            label="API secret"
            placeholder={settings.apiSecretSet ? 'Saved; type to replace' : 'Not set'}
            value={apiSecret}
            onChange={(e) => setSecret(e.currentTarget.value)}
            autoComplete="new-password"
          />
        </SimpleGrid>
        <Button w="fit-content" onClick={() => save.mutate()} loading={save.isPending} disabled={!apiToken && !apiSecret}>
          Save credentials
        </Button>
      </Stack>
    </Section>
  );
}

function DefaultQuestions({ settings }: { settings: IndeedSettingsReply }) {
  const qc = useQueryClient();
  const [questions, setQuestions] = useState<ScreenerQuestion[]>(() => settings.defaultIndeedApplyQuestions ?? []);
  const error = questions.length ? validateQuestionSet(questions) : null;
  const save = useMutation({
    mutationFn: () =>
      api(feedRoutes.saveDefaultQuestions, {
        body: { clientId: settings.clientId, defaultIndeedApplyQuestions: questions?.length ? questions : null },
      }),
    onSuccess: (data) => {
      qc.setQueryData(queryKey(feedRoutes.settings, { query: { clientId: settings.clientId } }), data);
      notify.success(messages.feed.questionsSaved);
    },
    onError: (err) => notify.error(errorText(err, 'The questions could not be saved', 'indeedApply')),
  });
  return (
    <Section
      title="Default questions"
      actions={
        <CopyButton value={settings.defaultQuestionsUrl}>
          {({ copied, copy }) => (
            <Button size="xs" variant="light" onClick={copy}>
              {copied ? 'Copied' : 'Copy questions URL'}
            </Button>
          )}
        </CopyButton>
      }
    >
      <Stack>
        <Text size="sm" c="dimmed">
          Jobs whose questions list is "default" ask these.
        </Text>
        <div data-testid="default-questions">
          <QuestionBuilder value={questions} onChange={setQuestions} clientId={settings.clientId} />
        </div>
        <Button w="fit-content" onClick={() => save.mutate()} loading={save.isPending} disabled={!!error}>
          Save default questions
        </Button>
      </Stack>
    </Section>
  );
}

function QuestionGroups({ settings }: { settings: IndeedSettingsReply }) {
  const qc = useQueryClient();
  const [groups, setGroups] = useState(() => settings.indeedApplyQuestionsGroups.map((g) => ({ id: g.id, questions: g.questions })));
  const parsed = groups.map((g) => ({ id: g.id.trim(), questions: g.questions, error: g.questions.length ? validateQuestionSet(g.questions) : null }));
  const problem = parsed.some((g) => !g.id)
    ? 'Every group needs a name'
    : (parsed.find((g) => g.error)?.error ?? (parsed.some((g) => !g.questions.length) ? 'Every group needs at least one question' : null));
  const save = useMutation({
    mutationFn: () =>
      api(feedRoutes.saveQuestionGroups, {
        body: { clientId: settings.clientId, indeedApplyQuestionsGroups: parsed.map((g) => ({ id: g.id, questions: g.questions ?? [] })) },
      }),
    onSuccess: (data) => {
      qc.setQueryData(queryKey(feedRoutes.settings, { query: { clientId: settings.clientId } }), data);
      notify.success(messages.feed.questionsSaved);
    },
    onError: (err) => notify.error(errorText(err, 'The question groups could not be saved', 'indeedApply')),
  });
  const update = (i: number, patch: Partial<{ id: string; questions: ScreenerQuestion[] }>) =>
    setGroups((gs) => gs.map((g, k) => (k === i ? { ...g, ...patch } : g)));
  return (
    <Section
      title="Question groups"
      actions={
        <Button
          size="xs"
          variant="light"
          leftSection={<IconPlus size={14} />}
          onClick={() => setGroups((gs) => [...gs, { id: `group-${gs.length + 1}`, questions: [] }])}
        >
          Add group
        </Button>
      }
    >
      <Stack>
        <Text size="sm" c="dimmed">
          A job in the media planner can ask a group's questions instead of the default ones.
        </Text>
        {groups.length === 0 ? <EmptyState title="No question groups yet" /> : null}
        {groups.map((g, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: groups are edited in place, ids may change
          <Stack key={i} gap="xs" p="sm" style={{ border: '1px solid var(--mantine-color-gray-3)', borderRadius: 8 }}>
            <Group align="flex-end">
              <TextInput
                label="Group name"
                description="Picked per job in the media planner"
                value={g.id}
                onChange={(e) => update(i, { id: e.currentTarget.value })}
                w={260}
              />
              <Button variant="subtle" color="red" leftSection={<IconTrash size={14} />} onClick={() => setGroups((gs) => gs.filter((_, k) => k !== i))}>
                Remove group
              </Button>
            </Group>
            <QuestionBuilder value={g.questions} onChange={(questions) => update(i, { questions })} clientId={settings.clientId} />
          </Stack>
        ))}
        {problem && groups.length ? (
          <Alert color="yellow" p="xs">
            {problem}
          </Alert>
        ) : null}
        <Button w="fit-content" onClick={() => save.mutate()} loading={save.isPending} disabled={!!problem}>
          Save question groups
        </Button>
      </Stack>
    </Section>
  );
}

/** /harvest/media/indeed-apply/configure and /harvest/cultivate/indeed-apply/configure (core spec §2). */
export default function IndeedApplyConfigure() {
  const { clientId, client } = useSelectedClient();
  const settings = useIndeedSettings(clientId);
  return (
    <div>
      <PageHeader title="Indeed Apply" description={client ? `Screener questions and credentials for ${client.name}` : undefined} />
      {!clientId ? <EmptyState title="Select a client first" /> : null}
      {settings.isLoading ? <LoadingRows /> : null}
      {settings.error ? <ErrorState error={settings.error} onRetry={() => settings.refetch()} /> : null}
      {settings.data ? (
        <Stack key={settings.data.clientId}>
          <Credentials settings={settings.data} />
          <DefaultQuestions settings={settings.data} />
          <QuestionGroups settings={settings.data} />
        </Stack>
      ) : null}
    </div>
  );
}
