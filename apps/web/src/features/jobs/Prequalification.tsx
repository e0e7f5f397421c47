import { jobRoutes } from '@hh/contract/jobs';
import { prequalificationRoutes } from '@hh/contract/prequalification';
import { messages } from '@hh/contract/messages';
import type { Question as BankQuestion } from '@hh/contract/questions';
import { ActionIcon, Alert, Button, Checkbox, Group, Paper, Select, Stack, TagsInput, Text, TextInput } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { ErrorState, LoadingRows, PageHeader, Section } from '../../components/Page.tsx';
import { ApiError, api, queryKey } from '../../lib/api.ts';
import { useContractForm } from '../../lib/form.ts';
import { notify } from '../../lib/notify.ts';
import { useApiQuery } from '../../lib/query.ts';
import { useSelectedClient } from '../../lib/selected-client.tsx';
import { BankPicker } from '../questions/index.ts';
import { useDepartments } from './hooks.ts';
import { jobLabel } from './job-label.ts';

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

/** A bank question (decision 0040) as a prequalification question: choices become "one of several answers". */
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
  // Each question's rules (text required, at most 500 characters; answers of at most 200; at most 50
  // questions) are the contract's schema. The create and update bodies share it; the create body is checked,
  // and an existing set is sent as an update with the same questions.
  const form = useContractForm(prequalificationRoutes.create, {
    initialValues: { questions: [] as Question[] },
    toBody: (v) => ({
      clientId: clientId ?? '',
      questions: v.questions,
      departmentId: scope === 'department' ? departmentId : null,
      jobId: scope === 'job' ? jobId : null,
    }),
    // An answer's error (questions.0.options.1) shows under the answers input.
    fieldOf: (path) => path.replace(/^(questions\.\d+\.options)\.\d+$/, '$1'),
  });
  const questions = form.values.questions;
  const setQuestions = (next: (qs: Question[]) => Question[]) => form.setFieldValue('questions', next(form.getValues().questions));
  const update = (i: number, patch: Partial<Question>) => setQuestions((qs) => qs.map((q, n) => (n === i ? { ...q, ...patch } : q)));
  // biome-ignore lint/correctness/useExhaustiveDependencies: the form is reset only when the loaded set changes.
  useEffect(() => {
    form.setValues({ questions: current?.questions ?? [] });
    form.clearErrors();
  }, [current]);

  const save = useMutation({
    mutationFn: (body: ReturnType<typeof form.body>) =>
      current
        ? api(prequalificationRoutes.update, { body: { clientId: body.clientId, _id: current._id, questions: body.questions } })
        : api(prequalificationRoutes.create, { body }),
    onSuccess: () => {
      notify.success(messages.recruiting.prequalificationSaved);
      qc.invalidateQueries({ queryKey: queryKey(prequalificationRoutes.list) });
    },
    onError: (err) => {
      form.showServerErrors(err);
      notify.error(err instanceof ApiError ? err.message : messages.recruiting.prequalificationFetchError);
    },
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
                data={(jobs.data?.results ?? []).map((j) => ({ value: j._id, label: jobLabel(j) }))}
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
                      {...form.getInputProps(`questions.${i}.question`)}
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
                    <Checkbox label="Required" {...form.getInputProps(`questions.${i}.required`, { type: 'checkbox' })} mb={8} />
                    <ActionIcon variant="subtle" color="red" aria-label={`Remove question ${i + 1}`} onClick={() => form.removeListItem('questions', i)} mb={4}>
                      <IconTrash size={16} />
                    </ActionIcon>
                  </Group>
                  {q.type === 'select' ? (
                    <TagsInput mt="xs" label="Answers (press Enter after each)" {...form.getInputProps(`questions.${i}.options`)} />
                  ) : null}
                </Paper>
              ))}
              <Group>
                {/* Not a rule of the schema (its answers default to none): a "one of several answers" question needs answers. */}
                <Button
                  onClick={() => form.onSubmit(() => save.mutate(form.body()))()}
                  loading={save.isPending}
                  disabled={questions.some((q) => q.type === 'select' && !q.options.length)}
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
