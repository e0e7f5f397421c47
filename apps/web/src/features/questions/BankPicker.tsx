import { questionRoutes } from '@hh/contract/questions';
import { type Question, type QuestionDestination, answerTypeLabels, questionDestinationLabels } from '@hh/contract/questions';
import { Anchor, Badge, Button, Checkbox, Group, Modal, Stack, Text } from '@mantine/core';
import { IconBooks } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { EmptyState, ErrorState, LoadingRows } from '../../components/Page.tsx';
import { useApiQuery } from '../../lib/query.ts';

/**
 * "Pick from the bank" (decision 0040): a button and a dialog listing the question bank for one
 * destination (the client's questions and the global ones); the chosen ones go to `onPick`.
 * Questions already in the editor (same text) are shown as added.
 */
export function BankPicker({
  clientId,
  destination,
  existing,
  onPick,
}: {
  clientId: string;
  destination: QuestionDestination;
  existing: string[];
  onPick: (questions: Question[]) => void;
}) {
  const [opened, setOpened] = useState(false);
  const [chosen, setChosen] = useState<string[]>([]);
  const bank = useApiQuery(questionRoutes.list, { query: { clientId, destination } }, { enabled: opened });
  const have = new Set(existing.map((q) => q.trim().toLowerCase()));
  const close = () => {
    setOpened(false);
    setChosen([]);
  };
  const results = bank.data?.results ?? [];
  return (
    <>
      <Button variant="default" leftSection={<IconBooks size={16} />} onClick={() => setOpened(true)}>
        Pick from the bank
      </Button>
      <Modal opened={opened} onClose={close} title={`Question bank: ${questionDestinationLabels[destination]}`} size="lg">
        {bank.isLoading ? (
          <LoadingRows rows={3} />
        ) : bank.error ? (
          <ErrorState error={bank.error} onRetry={() => void bank.refetch()} />
        ) : !results.length ? (
          <EmptyState title="The bank has no questions for this use yet">
            Add some on the{' '}
            <Anchor component={Link} to="/settings/question-bank">
              Question bank
            </Anchor>{' '}
            screen, with the destination “{questionDestinationLabels[destination]}”.
          </EmptyState>
        ) : (
          <Stack gap="xs">
            <Text size="sm" c="gray.7">
              Choose the questions to add. They are copied into this editor; save it to keep them.
            </Text>
            {results.map((q) => {
              const added = have.has(q.question.trim().toLowerCase());
              return (
                <Checkbox
                  key={q._id}
                  data-testid="bank-question"
                  disabled={added}
                  checked={added || chosen.includes(q._id)}
                  onChange={(e) => {
                    const on = e.currentTarget.checked;
                    setChosen((c) => (on ? [...c, q._id] : c.filter((x) => x !== q._id)));
                  }}
                  label={
                    <Group gap={6} wrap="wrap">
                      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                        {q.question}
                      </Text>
                      <Badge size="sm" variant="light" color="gray" c="dark.8">
                        {answerTypeLabels[q.answerType]}
                      </Badge>
                      {q.isGlobal ? (
                        <Badge size="sm" variant="light" color="brand" c="brand.9">
                          Global
                        </Badge>
                      ) : null}
                      {added ? (
                        <Text size="xs" c="gray.7">
                          (already added)
                        </Text>
                      ) : null}
                    </Group>
                  }
                />
              );
            })}
            <Group justify="flex-end" mt="sm">
              <Button variant="default" onClick={close}>
                Cancel
              </Button>
              <Button
                disabled={!chosen.length}
                onClick={() => {
                  onPick(results.filter((q) => chosen.includes(q._id)));
                  close();
                }}
              >
                {chosen.length ? `Add ${chosen.length} question${chosen.length > 1 ? 's' : ''}` : 'Add questions'}
              </Button>
            </Group>
          </Stack>
        )}
      </Modal>
    </>
  );
}
