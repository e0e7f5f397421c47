import { type ScreenerQuestion, validateQuestionSet } from '@hh/contract/feed';
import { Alert, Button, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { BankPicker } from '../questions/index.ts';
import { QuestionsPreview } from './QuestionsPreview.tsx';
import { QuestionCard } from './QuestionCard.tsx';
import { newId, screenerFromBank } from './question-model.ts';

/**
 * The screener-question builder (forms, so a recruiter never edits Indeed's JSON): question cards with Indeed's types,
 * choices, required and conditions, and the live preview of what the candidate sees beside them.
 * The value is Indeed's question list; `validateQuestionSet` (the server's rules) names what to fix.
 */
export function QuestionBuilder({
  value,
  onChange,
  clientId,
}: {
  value: ScreenerQuestion[];
  onChange: (v: ScreenerQuestion[]) => void;
  /** With a client, "Pick from the bank" offers the question bank's Indeed screener questions. */
  clientId?: string;
}) {
  const problem = value.length ? validateQuestionSet(value) : null;
  const update = (i: number, q: ScreenerQuestion) => onChange(value.map((x, k) => (k === i ? q : x)));
  const move = (i: number, by: -1 | 1) => {
    const next = [...value];
    const [q] = next.splice(i, 1);
    next.splice(i + by, 0, q);
    onChange(next);
  };
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }}>
      <Stack gap="sm">
        {value.length === 0 ? (
          <Text size="sm" c="dimmed">
            No questions yet. Add one: candidates answer them in Indeed Apply before applying.
          </Text>
        ) : null}
        {value.map((q, i) => (
          <QuestionCard
            // biome-ignore lint/suspicious/noArrayIndexKey: questions are edited in place and their ids may change
            key={i}
            q={q}
            index={i}
            all={value}
            onChange={(n) => update(i, n)}
            onRemove={() => onChange(value.filter((_, k) => k !== i))}
            onMove={(by) => move(i, by)}
          />
        ))}
        <Group gap="xs">
          <Button
            variant="light"
            w="fit-content"
            leftSection={<IconPlus size={14} />}
            onClick={() => onChange([...value, { id: newId(value), type: 'text', question: '', required: false }])}
          >
            Add a question
          </Button>
          {clientId ? (
            <BankPicker
              clientId={clientId}
              destination="indeedScreener"
              existing={value.map((q) => q.question ?? '')}
              onPick={(picked) => {
                // Each picked question gets an id unused by the ones before it (screenerFromBank reads the list so far).
                const all = [...value];
                for (const q of picked) all.push(screenerFromBank(q, all));
                onChange(all);
              }}
            />
          ) : null}
        </Group>
        {problem ? (
          <Alert color="yellow" p="xs" data-testid="question-problem">
            {problem}
          </Alert>
        ) : null}
      </Stack>
      <Stack gap="xs">
        <Text size="sm" fw={500}>
          What the candidate sees
        </Text>
        <QuestionsPreview questions={value.filter((q) => q.type === 'information' || q.type === 'pagebreak' || q.question)} />
      </Stack>
    </SimpleGrid>
  );
}
