import { clientRoutes } from '@hh/contract/clients';
import type { formQuestion } from '@hh/contract/clients';
import { messages } from '@hh/contract/messages';
import { ActionIcon, Button, Group, NumberInput, Stack, Text, Textarea } from '@mantine/core';
import { IconCheck, IconPencil, IconTrash, IconX } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { z } from 'zod';
import { EmptyState, ErrorState, LoadingRows, Section } from '../../components/Page.tsx';
import { api, queryKey } from '../../lib/api.ts';
import { useContractForm } from '../../lib/form.ts';
import { notify } from '../../lib/notify.ts';
import { deleteWithUndo, usePendingDeletes } from '../../lib/second-chance.tsx';
import { useApiQuery } from '../../lib/query.ts';
import { BankPicker } from '../questions/index.ts';

type FormQuestion = z.infer<typeof formQuestion>;

function useQuestionMutation<V>(fn: (v: V) => Promise<unknown>, success: string, error: string, clientId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => {
      notify.success(success);
      qc.invalidateQueries({ queryKey: queryKey(clientRoutes.formQuestions, { query: { clientId } }) });
      qc.invalidateQueries({ queryKey: queryKey(clientRoutes.questions) });
    },
    onError: (err) => {
      console.warn(error, err);
      notify.error(error);
    },
  });
}

function QuestionRow({ q, clientId }: { q: FormQuestion; clientId: string }) {
  const [editing, setEditing] = useState(false);
  const m = messages.formQuestions;
  // The text's and the position's rules are the contract's update schema.
  const form = useContractForm(clientRoutes.updateFormQuestion, {
    initialValues: { question: q.question, position: q.position as number | string },
    toBody: (v) => ({ _id: q._id, clientId, question: v.question, position: Number(v.position) || 0 }),
  });
  const update = useQuestionMutation(
    (body: ReturnType<typeof form.body>) => api(clientRoutes.updateFormQuestion, { body }),
    m.updateSuccess,
    m.updateError,
    clientId,
  );
  const qc = useQueryClient();
  // Removed at once with Undo for 10 s; the DELETE goes when the window closes.
  const remove = () =>
    deleteWithUndo({
      key: `form-question:${q._id}`,
      message: m.removeSuccess,
      undoneMessage: 'The question is back.',
      errorMessage: m.removeError,
      commit: () => api(clientRoutes.deleteFormQuestion, { body: { _id: q._id, clientId } }, { keepalive: true }),
      onCommitted: () => {
        qc.invalidateQueries({ queryKey: queryKey(clientRoutes.formQuestions, { query: { clientId } }) });
        qc.invalidateQueries({ queryKey: queryKey(clientRoutes.questions) });
      },
    });
  if (editing)
    return (
      <form onSubmit={form.onSubmit(() => update.mutate(form.body(), { onSuccess: () => setEditing(false), onError: form.showServerErrors }))} noValidate>
        <Group align="flex-start" wrap="nowrap">
          <Textarea aria-label="Question" {...form.getInputProps('question')} autosize style={{ flex: 1 }} />
          <NumberInput aria-label="Position" {...form.getInputProps('position')} min={0} w={80} />
          <ActionIcon type="submit" aria-label="Save question" loading={update.isPending}>
            <IconCheck size={16} />
          </ActionIcon>
          <ActionIcon aria-label="Cancel" variant="default" onClick={() => setEditing(false)}>
            <IconX size={16} />
          </ActionIcon>
        </Group>
      </form>
    );
  return (
    <Group justify="space-between" wrap="nowrap" data-testid="form-question">
      <Text size="sm" style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
        {q.position}. {q.question}
      </Text>
      <Group gap={4} wrap="nowrap">
        <ActionIcon variant="subtle" aria-label="Edit question" onClick={() => setEditing(true)}>
          <IconPencil size={16} />
        </ActionIcon>
        <ActionIcon variant="subtle" color="red" aria-label="Remove question" onClick={remove}>
          <IconTrash size={16} />
        </ActionIcon>
      </Group>
    </Group>
  );
}

/** Form questions (the wave questionnaire) with the six messages of core spec §8. */
export function FormQuestions({ clientId }: { clientId: string }) {
  const qc = useQueryClient();
  const list = useApiQuery(clientRoutes.formQuestions, { query: { clientId } });
  // The new question's rules (not blank, at most 1000 characters) are the contract's create schema.
  const form = useContractForm(clientRoutes.createFormQuestion, {
    initialValues: { question: '' },
    toBody: (v) => ({ clientId, question: v.question.trim(), position: list.data?.results.length ?? 0 }),
  });
  const isPending = usePendingDeletes();
  const shown = (list.data?.results ?? []).filter((q) => !isPending(`form-question:${q._id}`));
  const add = useQuestionMutation(
    (body: ReturnType<typeof form.body>) => api(clientRoutes.createFormQuestion, { body }),
    messages.formQuestions.addSuccess,
    messages.formQuestions.addError,
    clientId,
  );
  // Questions picked from the bank (destination "Wave questionnaire") are added one after the other.
  const addPicked = async (picked: Array<{ question: string }>) => {
    const start = list.data?.results.length ?? 0;
    try {
      for (const [i, q] of picked.entries()) {
        await api(clientRoutes.createFormQuestion, { body: { clientId, question: q.question, position: start + i } });
      }
      notify.success(messages.formQuestions.addSuccess);
    } catch (err) {
      console.warn(messages.formQuestions.addError, err);
      notify.error(messages.formQuestions.addError);
    }
    await qc.invalidateQueries({ queryKey: queryKey(clientRoutes.formQuestions, { query: { clientId } }) });
    await qc.invalidateQueries({ queryKey: queryKey(clientRoutes.questions) });
  };
  const submit = form.onSubmit(() => add.mutate(form.body(), { onSuccess: () => form.reset(), onError: form.showServerErrors }));
  return (
    <Section
      title="Form questions"
      actions={
        <BankPicker
          clientId={clientId}
          destination="waveQuestionnaire"
          existing={(list.data?.results ?? []).map((q) => q.question)}
          onPick={(p) => void addPicked(p)}
        />
      }
    >
      <Stack>
        {list.isLoading ? (
          <LoadingRows rows={3} />
        ) : list.error ? (
          <ErrorState error={list.error} onRetry={() => list.refetch()} />
        ) : !shown.length ? (
          <EmptyState title="No questions yet">Add the first question below.</EmptyState>
        ) : (
          [...shown].sort((a, b) => a.position - b.position).map((q) => <QuestionRow key={q._id} q={q} clientId={clientId} />)
        )}
        <form onSubmit={submit} noValidate>
          <Group align="flex-start" wrap="nowrap">
            <Textarea label="New question" {...form.getInputProps('question')} autosize style={{ flex: 1 }} />
            <Button type="submit" loading={add.isPending} mt={22}>
              Add
            </Button>
          </Group>
        </form>
      </Stack>
    </Section>
  );
}
