import { messages } from '@hh/contract/messages';
import { type KeywordsReply, requisitionRoutes } from '@hh/contract/requisitions';
import { Alert, Badge, Button, CloseButton, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconSparkles, IconUser } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { ApiError, api, queryKey } from '../../lib/api.ts';
import { notify } from '../../lib/notify.ts';

const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/**
 * The keyword editor (recruiting spec §2 "Job keywords editor"): the recruiter's keywords as chips
 * they add and remove, the AI keywords (strongest first) they may remove or restore, and Save.
 */
export function KeywordEditor({ jobId, data }: { jobId: string; data: KeywordsReply }) {
  const qc = useQueryClient();
  const [user, setUser] = useState<string[]>(data.userKeywords);
  const [removedAi, setRemovedAi] = useState<string[]>([]);
  const [draft, setDraft] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => {
    setUser(data.userKeywords);
    setRemovedAi([]);
  }, [data]);

  const save = useMutation({
    mutationFn: () =>
      api(requisitionRoutes.updateKeywords, {
        params: { id: jobId },
        body: { clientId: data.clientId, userKeywords: user, ...(removedAi.length ? { removedAiKeywords: removedAi } : {}) },
      }),
    onSuccess: (r) => {
      setProblem(null);
      notify.success(messages.requisitions.keywordsSaved);
      qc.setQueryData(queryKey(requisitionRoutes.getKeywords, { params: { id: jobId }, query: { clientId: data.clientId } }), r);
      qc.invalidateQueries({ queryKey: queryKey(requisitionRoutes.getKeywords, { params: { id: jobId } }) });
      qc.invalidateQueries({ queryKey: queryKey(requisitionRoutes.rankCandidates, { params: { jobId } }) });
    },
    onError: (err) => {
      notify.error(messages.requisitions.keywordsUpdateError);
      const reason = err instanceof ApiError ? Object.entries(err.errorMsg).find(([k]) => k !== 'keywords')?.[1]?.[0] : undefined;
      setProblem(reason ?? null);
    },
  });

  const add = () => {
    const k = draft.replace(/\s+/g, ' ').trim();
    if (!k) return;
    if (k.length > 60) {
      setProblem(messages.requisitions.keywordTooLong);
      return;
    }
    if (!user.some((u) => same(u, k))) setUser([...user, k]);
    setDraft('');
    setProblem(null);
  };
  const ai = data.aiKeywords.filter((k) => !removedAi.some((r) => same(r, k.keyword)));
  const dirty = removedAi.length > 0 || user.join('\n') !== data.userKeywords.join('\n');

  return (
    <Stack gap="md">
      <div>
        <Group gap={6} mb={6}>
          <IconUser size={16} aria-hidden />
          <Title order={3} size="h5">
            Recruiter keywords
          </Title>
        </Group>
        <Text size="sm" c="gray.7" mb="xs">
          Skills and terms you want in a candidate. Each counts fully in the ranking.
        </Text>
        <Group gap={6} mb="sm" data-testid="user-keywords">
          {user.length ? (
            user.map((k) => <Chip key={k} label={k} removeLabel={`Remove keyword ${k}`} onRemove={() => setUser(user.filter((u) => u !== k))} strong />)
          ) : (
            <Text size="sm">None yet: add the must-haves for this job.</Text>
          )}
        </Group>
        <Group align="flex-end" gap="xs">
          <TextInput
            label="Add a keyword"
            placeholder="e.g. telemetry, BLS, Kubernetes"
            value={draft}
            onChange={(e) => setDraft(e.currentTarget.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault();
                add();
              }
            }}
            maxLength={80}
            w={260}
          />
          <Button variant="light" onClick={add} disabled={!draft.trim()}>
            Add
          </Button>
        </Group>
      </div>
      <div>
        <Group gap={6} mb={6}>
          <IconSparkles size={16} aria-hidden />
          <Title order={3} size="h5">
            AI keywords
          </Title>
        </Group>
        <Text size="sm" c="gray.7" mb="xs">
          Read from the job's title and description, weighted against this client's other jobs (words every job uses rank low). Each counts by its weight, at
          half a recruiter keyword.
        </Text>
        <Group gap={6} data-testid="ai-keywords">
          {ai.length ? (
            ai.map((k) => (
              <Chip
                key={k.keyword}
                label={k.keyword}
                weight={Math.round(k.weight * 100)}
                removeLabel={`Remove AI keyword ${k.keyword}`}
                onRemove={() => setRemovedAi([...removedAi, k.keyword])}
                strong={k.weight >= 0.6}
              />
            ))
          ) : (
            <Text size="sm">No AI keywords: the job has too little text. Add a description to the job, or add keywords above.</Text>
          )}
        </Group>
        {removedAi.length ? (
          <Button variant="subtle" size="xs" mt="xs" onClick={() => setRemovedAi([])}>
            Undo removing {removedAi.length} AI keyword{removedAi.length > 1 ? 's' : ''}
          </Button>
        ) : null}
      </div>
      {problem ? (
        <Alert color="red" title={messages.requisitions.keywordsUpdateError} role="alert">
          {problem}
        </Alert>
      ) : null}
      <Group>
        <Button onClick={() => save.mutate()} loading={save.isPending} disabled={!dirty}>
          Save keywords
        </Button>
        {dirty ? <Text size="sm">Unsaved changes</Text> : null}
      </Group>
    </Stack>
  );
}

/** A keyword chip with a keyboard-reachable, named remove button. */
function Chip({
  label,
  weight,
  removeLabel,
  onRemove,
  strong,
}: {
  label: string;
  weight?: number;
  removeLabel: string;
  onRemove: () => void;
  strong?: boolean;
}) {
  return (
    <Badge
      size="lg"
      variant="outline"
      color="blue.9"
      tt="none"
      fw={strong ? 700 : 500}
      title={weight === undefined ? undefined : `Weight ${weight} %`}
      rightSection={<CloseButton size="xs" aria-label={removeLabel} onClick={onRemove} c="blue.9" />}
    >
      {label}
      {weight === undefined ? null : (
        <Text span size="xs" c="gray.7" ml={4} fw={400}>
          {weight}
        </Text>
      )}
    </Badge>
  );
}
