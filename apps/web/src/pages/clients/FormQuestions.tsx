import { clientRoutes } from '@hh/contract/clients';
import type { formQuestion } from '@hh/contract/clients';
import { messages } from '@hh/contract/messages';
import { ActionIcon, Button, Group, NumberInput, Stack, Text, Textarea } from '@mantine/core';
import { IconCheck, IconPencil, IconTrash, IconX } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import type { z } from 'zod';
import { EmptyState, ErrorState, LoadingRows, Section } from '../../components/Page.tsx';
import { api, queryKey } from '../../lib/api.ts';
import { notify } from '../../lib/notify.ts';
import { deleteWithUndo, usePendingDeletes } from '../../lib/second-chance.tsx';
import { useApiQuery } from '../../lib/query.ts';
import { BankPicker } from '../../features/questions/BankPicker.tsx';

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
  const [text, setText] = useState(q.question);
  const [position, setPosition] = useState<number>(q.position);
  const m = messages.formQuestions;
  const update = useQuestionMutation(
    () => api(clientRoutes.updateFormQuestion, { body: { _id: q._id, clientId, question: text, position } }),
    m.updateSuccess,
    m.updateError,
    clientId,
  );
  const qc = useQueryClient();
  // Issue 15: removed at once with Undo for 10 s; the DELETE goes when the window closes.
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
      <Group align="flex-start" wrap="nowrap">
        <Textarea aria-label="Question" value={text} onChange={(e) => setText(e.currentTarget.value)} autosize style={{ flex: 1 }} />
        <NumberInput aria-label="Position" value={position} onChange={(v) => setPosition(Number(v) || 0)} min={0} w={80} />
        <ActionIcon aria-label="Save question" onClick={() => update.mutate(undefined, { onSuccess: () => setEditing(false) })} loading={update.isPending}>
          <IconCheck size={16} />
        </ActionIcon>
        <ActionIcon aria-label="Cancel" variant="default" onClick={() => setEditing(false)}>
          <IconX size={16} />
        </ActionIcon>
      </Group>
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
  const [text, setText] = useState('');
  const isPending = usePendingDeletes();
  const shown = (list.data?.results ?? []).filter((q) => !isPending(`form-question:${q._id}`));
  const add = useQuestionMutation(
    (question: string) => api(clientRoutes.createFormQuestion, { body: { clientId, question, position: list.data?.results.length ?? 0 } }),
    messages.formQuestions.addSuccess,
    messages.formQuestions.addError,
    clientId,
  );
  // Issue 14: questions picked from the bank (destination "Wave questionnaire") are added one after the other.
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
  function submit(e: FormEvent) {
    e.preventDefault();
    if (!text.trim()) return;
    add.mutate(text.trim(), { onSuccess: () => setText('') });
  }
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
        <form onSubmit={submit}>
          <Group align="flex-end" wrap="nowrap">
            <Textarea label="New question" value={text} onChange={(e) => setText(e.currentTarget.value)} autosize style={{ flex: 1 }} />
            <Button type="submit" loading={add.isPending} disabled={!text.trim()}>
              Add
            </Button>
          </Group>
        </form>
      </Stack>
    </Section>
  );
}
