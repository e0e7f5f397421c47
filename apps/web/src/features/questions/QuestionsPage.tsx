import { questionRoutes } from '@hh/contract/questions';
import { type AnswerType, type Question, type QuestionDestination, answerTypeLabels, questionDestinationLabels, questionDestinations } from '@hh/contract/team';
import { ActionIcon, Badge, Button, Checkbox, Group, Modal, Paper, SegmentedControl, Select, Stack, TagsInput, Text, Textarea } from '@mantine/core';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { EmptyState, ErrorState, LoadingRows, PageHeader } from '../../components/Page.tsx';
import { ApiError, api, queryKey } from '../../lib/api.ts';
import { useUser } from '../../lib/auth.tsx';
import { useContractForm } from '../../lib/form.ts';
import { notify } from '../../lib/notify.ts';
import { useApiQuery } from '../../lib/query.ts';
import { useSelectedClient } from '../../lib/selected-client.tsx';
import { canEditBank, isAdmin } from './rights.ts';

type Scope = 'all' | 'client' | 'global';
const destinationOptions = questionDestinations.map((d) => ({ value: d, label: questionDestinationLabels[d] }));
const answerOptions = (Object.keys(answerTypeLabels) as AnswerType[]).map((a) => ({ value: a, label: answerTypeLabels[a] }));
const withChoices = (a: AnswerType) => a === 'singleChoice' || a === 'multipleChoice';

interface Draft {
  _id?: string;
  destination: QuestionDestination;
  question: string;
  answerType: AnswerType;
  options: string[];
  required: boolean;
  isGlobal: boolean;
}
const blank = (destination: QuestionDestination): Draft => ({ destination, question: '', answerType: 'text', options: [], required: false, isGlobal: false });

/** The server's first message, else the fallback. */
const firstError = (err: unknown, fallback: string) => (err instanceof ApiError && err.status !== 0 ? err.message : fallback);

/**
 * `/settings/question-bank` (issue 14): the question bank. Client questions belong to the selected client; global
 * ones serve every client and only administrators change them. Each question has a destination:
 * where the editors offer it (apply form, Wave questionnaire, prequalification, Indeed screener).
 */
export default function QuestionsPage() {
  const me = useUser();
  const { client, clientId } = useSelectedClient();
  const qc = useQueryClient();
  const [scope, setScope] = useState<Scope>('all');
  const [destination, setDestination] = useState<QuestionDestination | null>(null);
  const [draft, setDraft] = useState<Draft | null>(null);
  const [removing, setRemoving] = useState<Question | null>(null);
  const editor = canEditBank(me);
  const admin = isAdmin(me);
  const list = useApiQuery(
    questionRoutes.list,
    {
      query: {
        clientId: scope === 'global' ? undefined : (clientId ?? undefined),
        isGlobal: scope === 'all' ? undefined : scope === 'global',
        destination: destination ?? undefined,
      },
    },
    { enabled: scope === 'global' || !!clientId },
  );
  const refresh = () => qc.invalidateQueries({ queryKey: queryKey(questionRoutes.list) });
  const remove = useMutation({
    mutationFn: (q: Question) =>
      api(questionRoutes.delete, { params: { questionId: q._id }, query: { clientId: q.isGlobal ? undefined : (clientId ?? undefined) } }),
    onSuccess: (r) => {
      notify.success(r.message);
      setRemoving(null);
      void refresh();
    },
    onError: (err) => notify.error(firstError(err, 'The question could not be deleted. Try again.')),
  });

  const mayChange = (q: Question) => (q.isGlobal ? admin : editor);
  const results = list.data?.results ?? [];

  return (
    <>
      <PageHeader
        title="Question bank"
        description="Questions ready to use in the apply form, the Wave questionnaire, prequalification and the Indeed screener. The editors of those screens pick from here."
        actions={
          editor ? (
            <Button leftSection={<IconPlus size={16} />} onClick={() => setDraft(blank(destination ?? 'applyForm'))} disabled={!clientId && !admin}>
              New question
            </Button>
          ) : null
        }
      />
      <Stack>
        <Group align="flex-end" wrap="wrap">
          <Stack gap={4}>
            <Text size="sm" fw={500} id="bank-scope-label">
              Show
            </Text>
            <SegmentedControl
              aria-labelledby="bank-scope-label"
              value={scope}
              onChange={(v) => setScope(v as Scope)}
              data={[
                { value: 'all', label: 'All' },
                { value: 'client', label: client ? client.name : 'This client' },
                { value: 'global', label: 'Global' },
              ]}
            />
          </Stack>
          <Select
            label="Destination"
            placeholder="Every destination"
            data={destinationOptions}
            value={destination}
            onChange={(v) => setDestination(v as QuestionDestination | null)}
            clearable
            w={240}
          />
        </Group>
        {scope !== 'global' && !clientId ? (
          <EmptyState title="No client selected">Choose a client in the header to see its questions, or show the global ones.</EmptyState>
        ) : list.isPending ? (
          <LoadingRows rows={4} />
        ) : list.error ? (
          <ErrorState error={list.error} onRetry={() => void list.refetch()} />
        ) : !results.length ? (
          <EmptyState title={destination ? `No questions for the ${questionDestinationLabels[destination].toLowerCase()} yet` : 'The bank is empty'}>
            {editor ? 'Use “New question” to add the first one.' : 'Ask an editor of your company to add questions.'}
          </EmptyState>
        ) : (
          <Stack gap="xs" data-testid="question-list">
            {results.map((q) => (
              <Paper key={q._id} withBorder p="sm" data-testid="bank-row">
                <Group justify="space-between" align="flex-start" wrap="nowrap">
                  <Stack gap={6} style={{ minWidth: 0 }}>
                    <Text fw={500} style={{ overflowWrap: 'anywhere' }}>
                      {q.question}
                    </Text>
                    <Group gap={6}>
                      <Badge variant="light" color="brand" c="brand.9">
                        {questionDestinationLabels[q.destination]}
                      </Badge>
                      <Badge variant="light" color="gray" c="dark.8">
                        {answerTypeLabels[q.answerType]}
                      </Badge>
                      {q.required ? (
                        <Badge variant="outline" color="red.9">
                          Required
                        </Badge>
                      ) : null}
                      <Badge variant="outline" color={q.isGlobal ? 'violet.9' : 'teal.9'}>
                        {q.isGlobal ? 'Global' : (client?.name ?? 'Client')}
                      </Badge>
                    </Group>
                    {q.options.length ? (
                      <Text size="sm" c="gray.7">
                        Answers: {q.options.join(' · ')}
                      </Text>
                    ) : null}
                  </Stack>
                  {mayChange(q) ? (
                    <Group gap={4} wrap="nowrap">
                      <ActionIcon
                        variant="subtle"
                        aria-label={`Edit “${q.question}”`}
                        onClick={() =>
                          setDraft({
                            _id: q._id,
                            destination: q.destination,
                            question: q.question,
                            answerType: q.answerType,
                            options: q.options,
                            required: q.required,
                            isGlobal: q.isGlobal,
                          })
                        }
                      >
                        <IconPencil size={16} />
                      </ActionIcon>
                      <ActionIcon variant="subtle" color="red.8" aria-label={`Delete “${q.question}”`} onClick={() => setRemoving(q)}>
                        <IconTrash size={16} />
                      </ActionIcon>
                    </Group>
                  ) : null}
                </Group>
              </Paper>
            ))}
          </Stack>
        )}
      </Stack>

      <Modal opened={!!draft} onClose={() => setDraft(null)} title={draft?._id ? 'Edit question' : 'New question'} size="lg">
        {draft ? (
          <QuestionForm
            draft={draft}
            clientId={clientId}
            clientName={client?.name}
            admin={admin}
            onClose={() => setDraft(null)}
            onSaved={() => {
              setDraft(null);
              void refresh();
            }}
          />
        ) : null}
      </Modal>

      <Modal opened={!!removing} onClose={() => setRemoving(null)} title="Delete this question?">
        <Stack>
          <Text size="sm">“{removing?.question}” leaves the bank. Editors that already copied it keep their copy.</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setRemoving(null)}>
              Keep it
            </Button>
            <Button color="red.8" loading={remove.isPending} onClick={() => removing && remove.mutate(removing)}>
              Delete question
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}

/**
 * The new/edit question form. Issue 10: the text's and the answers' rules are the contract's question schema (the
 * create and update bodies share them; the create body is checked, and an edit is sent as an update).
 */
function QuestionForm({
  draft,
  clientId,
  clientName,
  admin,
  onClose,
  onSaved,
}: {
  draft: Draft;
  clientId: string | null | undefined;
  clientName: string | undefined;
  admin: boolean;
  onClose: () => void;
  onSaved: () => void;
}) {
  const form = useContractForm(questionRoutes.create, {
    initialValues: {
      destination: draft.destination,
      question: draft.question,
      answerType: draft.answerType,
      options: draft.options,
      required: draft.required,
      isGlobal: draft.isGlobal,
    },
    toBody: (d) => {
      const fields = {
        destination: d.destination,
        question: d.question.trim(),
        answerType: d.answerType,
        options: withChoices(d.answerType) ? d.options : [],
        required: d.required,
      };
      return d.isGlobal ? { isGlobal: true, ...fields } : { clientId: clientId ?? undefined, isGlobal: false, ...fields };
    },
    // An answer's error (options.2) shows under the answers input.
    fieldOf: (path) => path.replace(/^options\.\d+$/, 'options'),
  });
  const save = useMutation({
    mutationFn: (body: ReturnType<typeof form.body>) => {
      const { clientId: _c, isGlobal, ...fields } = body;
      if (draft._id) return api(questionRoutes.update, { body: { _id: draft._id, clientId: draft.isGlobal ? undefined : (clientId ?? undefined), ...fields } });
      return api(questionRoutes.create, { body });
    },
    onSuccess: (r) => {
      notify.success(r.message);
      onSaved();
    },
    onError: (err) => {
      form.showServerErrors(err);
      notify.error(firstError(err, 'The question could not be saved. Check the fields and try again.'));
    },
  });
  const v = form.values;
  // Not a rule of the schema (the answers default to none): a choice question needs at least two answers.
  const tooFewChoices = withChoices(v.answerType) && v.options.length < 2;
  return (
    <form onSubmit={form.onSubmit(() => save.mutate(form.body()))} noValidate>
      <Stack>
        <Textarea label="Question" required autosize minRows={2} maxLength={1000} {...form.getInputProps('question')} data-autofocus />
        <Group grow wrap="wrap">
          <Select label="Used in" data={destinationOptions} {...form.getInputProps('destination')} allowDeselect={false} miw={200} />
          <Select label="Answer" data={answerOptions} {...form.getInputProps('answerType')} allowDeselect={false} miw={200} />
        </Group>
        {withChoices(v.answerType) ? (
          <TagsInput
            label="Answers to choose from"
            description="Press Enter after each answer; at least two."
            {...form.getInputProps('options')}
            maxTags={50}
          />
        ) : null}
        <Checkbox label="An answer is required" {...form.getInputProps('required', { type: 'checkbox' })} />
        {admin && !draft._id ? (
          <Checkbox
            label="Global question: offered to every client"
            description={clientName ? `Unticked, the question belongs to ${clientName}.` : undefined}
            {...form.getInputProps('isGlobal', { type: 'checkbox' })}
          />
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={save.isPending} disabled={tooFewChoices || (!v.isGlobal && !clientId)}>
            {draft._id ? 'Save changes' : 'Create question'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
