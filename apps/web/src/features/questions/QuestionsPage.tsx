import { questionRoutes } from '@hh/contract/questions';
import { type Question, type QuestionDestination, answerTypeLabels, questionDestinationLabels } from '@hh/contract/questions';
import { ActionIcon, Badge, Button, Group, Modal, Paper, SegmentedControl, Select, Stack, Text } from '@mantine/core';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { EmptyState, ErrorState, LoadingRows, PageHeader } from '../../components/Page.tsx';
import { api, queryKey } from '../../lib/api.ts';
import { useUser } from '../../lib/auth.tsx';
import { notify } from '../../lib/notify.ts';
import { useApiQuery } from '../../lib/query.ts';
import { useSelectedClient } from '../../lib/selected-client.tsx';
import { canEditBank, isAdmin } from './rights.ts';
import { blank, type Draft, destinationOptions, firstError, QuestionForm } from './QuestionForm.tsx';

type Scope = 'all' | 'client' | 'global';

/**
 * `/settings/question-bank`: the question bank. Client questions belong to the selected client; global
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
