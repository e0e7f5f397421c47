import { jobRoutes, prequalificationRoutes } from '@hh/contract/jobs';
import { messages } from '@hh/contract/messages';
import type { Question as BankQuestion } from '@hh/contract/team';
import { ActionIcon, Alert, Button, Checkbox, Group, Paper, Select, Stack, TagsInput, Text, TextInput } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { ErrorState, LoadingRows, PageHeader, Section } from '../../components/Page.tsx';
import { ApiError, api, queryKey } from '../../lib/api.ts';
import { notify } from '../../lib/notify.ts';
import { useApiQuery } from '../../lib/query.ts';
import { useSelectedClient } from '../../lib/selected-client.tsx';
import { BankPicker } from '../questions/BankPicker.tsx';
import { useDepartments } from './hooks.ts';

interface Question {
  id?: string;
  question: string;
  type: 'yesno' | 'text' | 'select';
  options: string[];
  required: boolean;
}

const TYPES = [
  { value: 'yesno', label: 'Yes / No' },
  { value: 'select', label: 'One of several answers' },
  { value: 'text', label: 'Short text' },
];

/** A bank question (issue 14) as a prequalification question: choices become "one of several answers". */
const fromBank = (q: BankQuestion): Question => ({
  question: q.question,
  type: q.answerType === 'yesNo' ? 'yesno' : (q.answerType === 'singleChoice' || q.answerType === 'multipleChoice') && q.options.length ? 'select' : 'text',
  options: q.answerType === 'singleChoice' || q.answerType === 'multipleChoice' ? q.options : [],
  required: q.required,
});

/**
 * `/harvest/prequalification`: the questions visitors answer when they apply. A set belongs to the
 * whole client, a department or one job; the most specific set applies to a job.
 */
export default function Prequalification() {
  const { clientId } = useSelectedClient();
  const qc = useQueryClient();
  const [scope, setScope] = useState<'client' | 'department' | 'job'>('client');
  const [departmentId, setDepartmentId] = useState<string | null>(null);
  const [jobId, setJobId] = useState<string | null>(null);
  const deps = useDepartments(clientId);
  const jobs = useApiQuery(
    jobRoutes.list,
    { query: { clientId: clientId ?? '', status: 'open', pageSize: 100, sortBy: 'title', sortDir: 'asc' } },
    { enabled: !!clientId && scope === 'job' },
  );
  const ready = scope === 'client' || (scope === 'department' && !!departmentId) || (scope === 'job' && !!jobId);
  const sets = useApiQuery(
    prequalificationRoutes.list,
    {
      query: {
        clientId: clientId ?? '',
        departmentId: scope === 'department' ? (departmentId ?? undefined) : undefined,
        jobId: scope === 'job' ? (jobId ?? undefined) : undefined,
      },
    },
    { enabled: !!clientId && ready },
  );
  const current = (sets.data?.results ?? []).find((s) =>
    scope === 'client' ? !s.jobId && !s.departmentId : scope === 'department' ? s.departmentId === departmentId && !s.jobId : s.jobId === jobId,
  );
  const [questions, setQuestions] = useState<Question[]>([]);
  useEffect(() => {
    setQuestions(current?.questions ?? []);
  }, [current]);
  const update = (i: number, patch: Partial<Question>) => setQuestions((qs) => qs.map((q, n) => (n === i ? { ...q, ...patch } : q)));

  const save = useMutation({
    mutationFn: () =>
      current
        ? api(prequalificationRoutes.update, { body: { clientId: clientId ?? '', _id: current._id, questions } })
        : api(prequalificationRoutes.create, {
            body: { clientId: clientId ?? '', questions, departmentId: scope === 'department' ? departmentId : null, jobId: scope === 'job' ? jobId : null },
          }),
    onSuccess: () => {
      notify.success(messages.recruiting.prequalificationSaved);
      qc.invalidateQueries({ queryKey: queryKey(prequalificationRoutes.list) });
    },
    onError: (err) => notify.error(err instanceof ApiError ? err.message : messages.recruiting.prequalificationFetchError),
  });

  return (
    <>
      <PageHeader
        title="Prequalification questions"
        description="Asked on the apply form of the career site. A job uses its own questions, else its department's, else the client's."
      />
      <Stack>
        <Section title="Which questions">
          <Group align="flex-end">
            <Select
              label="Applies to"
              data={[
                { value: 'client', label: 'Every job of the client' },
                { value: 'department', label: 'One department' },
                { value: 'job', label: 'One job' },
              ]}
              value={scope}
              onChange={(v) => setScope((v as typeof scope) ?? 'client')}
              allowDeselect={false}
              w={240}
            />
            {scope === 'department' ? (
              <Select
                label="Department"
                data={(deps.data?.results ?? []).map((d) => ({ value: d._id, label: d.name }))}
                value={departmentId}
                onChange={setDepartmentId}
                searchable
                w={260}
              />
            ) : null}
            {scope === 'job' ? (
              <Select
                label="Job"
                data={(jobs.data?.results ?? []).map((j) => ({ value: j._id, label: `${j.title} (${j.referenceNumber})` }))}
                value={jobId}
                onChange={setJobId}
                searchable
                w={360}
              />
            ) : null}
          </Group>
        </Section>
        {!ready ? null : sets.isLoading ? (
          <LoadingRows />
        ) : sets.error ? (
          <ErrorState error={sets.error} message={messages.recruiting.prequalificationFetchError} onRetry={() => sets.refetch()} />
        ) : (
          <Section
            title="Questions"
            actions={
              <Group gap="xs">
                {clientId ? (
                  <BankPicker
                    clientId={clientId}
                    destination="prequalification"
                    existing={questions.map((q) => q.question)}
                    onPick={(picked) => setQuestions((qs) => [...qs, ...picked.map(fromBank)])}
                  />
                ) : null}
                <Button
                  leftSection={<IconPlus size={16} />}
                  variant="light"
                  onClick={() => setQuestions((qs) => [...qs, { question: '', type: 'yesno', options: [], required: true }])}
                >
                  Add question
                </Button>
              </Group>
            }
          >
            <Stack>
              {!questions.length ? <Alert color="gray">No questions: applicants only give their contact details and resume.</Alert> : null}
              {questions.map((q, i) => (
                <Paper key={q.id ?? `new-${i}`} withBorder p="sm" data-testid="question">
                  <Group align="flex-end" wrap="wrap">
                    <TextInput
                      label={`Question ${i + 1}`}
                      value={q.question}
                      onChange={(e) => update(i, { question: e.currentTarget.value })}
                      maxLength={500}
                      style={{ flex: 1, minWidth: 240 }}
                    />
                    <Select
                      label="Answer"
                      data={TYPES}
                      value={q.type}
                      onChange={(v) => update(i, { type: (v as Question['type']) ?? 'yesno' })}
                      allowDeselect={false}
                      w={200}
                    />
                    <Checkbox label="Required" checked={q.required} onChange={(e) => update(i, { required: e.currentTarget.checked })} mb={8} />
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={`Remove question ${i + 1}`}
                      onClick={() => setQuestions((qs) => qs.filter((_, n) => n !== i))}
                      mb={4}
                    >
                      <IconTrash size={16} />
                    </ActionIcon>
                  </Group>
                  {q.type === 'select' ? (
                    <TagsInput mt="xs" label="Answers (press Enter after each)" value={q.options} onChange={(v) => update(i, { options: v })} />
                  ) : null}
                </Paper>
              ))}
              <Group>
                <Button
                  onClick={() => save.mutate()}
                  loading={save.isPending}
                  disabled={questions.some((q) => !q.question.trim() || (q.type === 'select' && !q.options.length))}
                >
                  Save questions
                </Button>
                <Text size="sm" c="dimmed">
                  {current ? 'Saved set' : 'Not saved yet'}
                </Text>
              </Group>
            </Stack>
          </Section>
        )}
      </Stack>
    </>
  );
}
