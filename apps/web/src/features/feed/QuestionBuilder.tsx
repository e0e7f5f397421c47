import { questionTypes, type ScreenerQuestion, validateQuestionSet } from '@hh/contract/feed';
import { ActionIcon, Alert, Button, Checkbox, Group, NumberInput, Paper, Select, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconPlus, IconTrash } from '@tabler/icons-react';
import type { Question as BankQuestion } from '@hh/contract/team';
import { BankPicker } from '../questions/index.ts';
import { QuestionsPreview } from './QuestionsPreview.tsx';

/** Indeed's question types, as a recruiter reads them (https://docs.indeed.com/indeed-apply/screener-questions). */
export const typeLabels: Record<(typeof questionTypes)[number], string> = {
  text: 'Short answer',
  textarea: 'Long answer',
  select: 'One choice',
  multiselect: 'Several choices',
  date: 'Date',
  information: 'Information text (no answer)',
  pagebreak: 'Page break',
  hierarchical: 'Nested choices',
  file: 'File upload',
};

const slug = (s: string) =>
  s
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 40);

function newId(existing: ScreenerQuestion[], base = 'question') {
  let n = existing.length + 1;
  while (existing.some((q) => q.id === `${base}-${n}`)) n++;
  return `${base}-${n}`;
}

/**
 * A question of the bank (destination "Indeed screener", issue 14) as Indeed's screener question:
 * yes/no and "one of several" become a one-choice question, "several answers" a several-choices one,
 * a number a short answer in number format, a date Indeed's MM/dd/yyyy date.
 */
export function screenerFromBank(q: BankQuestion, existing: ScreenerQuestion[]): ScreenerQuestion {
  const base = { id: newId(existing, slug(q.question).slice(0, 30) || 'question'), question: q.question, ...(q.required ? { required: true } : {}) };
  const options = (labels: string[]) => labels.map((label, i) => ({ value: slug(label) || `option-${i + 1}`, label }));
  switch (q.answerType) {
    case 'yesNo':
      return { ...base, type: 'select', options: options(['Yes', 'No']) };
    case 'singleChoice':
      return { ...base, type: 'select', options: options(q.options.length ? q.options : ['Yes', 'No']) };
    case 'multipleChoice':
      return { ...base, type: 'multiselect', options: options(q.options.length ? q.options : ['Yes', 'No']) };
    case 'number':
      return { ...base, type: 'text', format: 'numeric' };
    case 'date':
      return { ...base, type: 'date', format: 'MM/dd/yyyy' };
    case 'textarea':
      return { ...base, type: 'textarea' };
    default:
      return { ...base, type: 'text' };
  }
}

/** Fields a type does not use are dropped when the type changes, so the saved JSON stays Indeed's. */
function retype(q: ScreenerQuestion, type: string): ScreenerQuestion {
  const next: ScreenerQuestion = { id: q.id, type, ...(q.question ? { question: q.question } : {}), ...(q.required ? { required: true } : {}) };
  if (q.condition) next.condition = q.condition;
  if (type === 'select' || type === 'multiselect')
    next.options = q.options?.length
      ? q.options
      : [
          { value: 'yes', label: 'Yes' },
          { value: 'no', label: 'No' },
        ];
  if (type === 'date') next.format = 'MM/dd/yyyy';
  if (type === 'information') {
    next.text = q.text ?? q.question ?? '';
    delete next.question;
    delete next.required;
  }
  if (type === 'pagebreak') {
    delete next.question;
    delete next.required;
  }
  if (type === 'hierarchical') next.hierarchicalOptions = q.hierarchicalOptions ?? [{ value: 'option-1', label: 'Option 1' }];
  return next;
}

function OptionsEditor({ q, onChange }: { q: ScreenerQuestion; onChange: (q: ScreenerQuestion) => void }) {
  const options = q.options ?? [];
  const setOption = (i: number, label: string) =>
    onChange({ ...q, options: options.map((o, k) => (k === i ? { label, value: slug(label) || o.value || `option-${k + 1}` } : o)) });
  return (
    <Stack gap={6}>
      <Text size="sm" fw={500}>
        Choices
      </Text>
      {options.map((o, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: options are edited in place
        <Group key={i} gap="xs" wrap="nowrap">
          <TextInput aria-label={`Choice ${i + 1}`} value={o.label} onChange={(e) => setOption(i, e.currentTarget.value)} style={{ flex: 1 }} />
          <ActionIcon
            variant="subtle"
            color="red"
            size="lg"
            aria-label={`Remove choice ${i + 1}`}
            onClick={() => onChange({ ...q, options: options.filter((_, k) => k !== i) })}
          >
            <IconTrash size={16} />
          </ActionIcon>
        </Group>
      ))}
      <Button
        size="xs"
        variant="subtle"
        w="fit-content"
        leftSection={<IconPlus size={14} />}
        onClick={() => onChange({ ...q, options: [...options, { value: `option-${options.length + 1}`, label: `Option ${options.length + 1}` }] })}
      >
        Add a choice
      </Button>
    </Stack>
  );
}

function QuestionCard({
  q,
  index,
  all,
  onChange,
  onRemove,
  onMove,
}: {
  q: ScreenerQuestion;
  index: number;
  all: ScreenerQuestion[];
  onChange: (q: ScreenerQuestion) => void;
  onRemove: () => void;
  onMove: (by: -1 | 1) => void;
}) {
  const earlierChoices = all.slice(0, index).filter((x) => (x.type === 'select' || x.type === 'multiselect') && x.options?.length);
  const target = earlierChoices.find((x) => x.id === q.condition?.id);
  const answers = q.type !== 'information' && q.type !== 'pagebreak';
  return (
    <Paper withBorder p="sm" radius="md" data-testid="question-card">
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap">
          <Text fw={600} size="sm">
            Question {index + 1}
          </Text>
          <Group gap={2} wrap="nowrap">
            <ActionIcon variant="subtle" size="lg" aria-label={`Move question ${index + 1} up`} disabled={index === 0} onClick={() => onMove(-1)}>
              <IconArrowUp size={16} />
            </ActionIcon>
            <ActionIcon variant="subtle" size="lg" aria-label={`Move question ${index + 1} down`} disabled={index === all.length - 1} onClick={() => onMove(1)}>
              <IconArrowDown size={16} />
            </ActionIcon>
            <ActionIcon variant="subtle" color="red" size="lg" aria-label={`Remove question ${index + 1}`} onClick={onRemove}>
              <IconTrash size={16} />
            </ActionIcon>
          </Group>
        </Group>
        <Select
          label="Type"
          data={questionTypes.map((t) => ({ value: t, label: typeLabels[t] }))}
          value={q.type}
          onChange={(v) => v && onChange(retype(q, v))}
          allowDeselect={false}
        />
        {q.type === 'information' ? (
          <Textarea
            label="Text shown to the candidate"
            value={q.text ?? ''}
            onChange={(e) => onChange({ ...q, text: e.currentTarget.value })}
            autosize
            minRows={2}
          />
        ) : q.type === 'pagebreak' ? (
          <Text size="sm" c="dimmed">
            The questions after this one appear on the next page.
          </Text>
        ) : (
          <TextInput label="Question" value={q.question ?? ''} onChange={(e) => onChange({ ...q, question: e.currentTarget.value })} />
        )}
        {q.type === 'select' || q.type === 'multiselect' ? <OptionsEditor q={q} onChange={onChange} /> : null}
        {q.type === 'text' ? (
          <SimpleGrid cols={{ base: 1, xs: 2 }}>
            <Select
              label="Answer format"
              data={[
                { value: '', label: 'Any text' },
                { value: 'integer', label: 'Whole number' },
                { value: 'numeric', label: 'Number' },
                { value: 'email', label: 'Email address' },
              ]}
              value={q.format ?? ''}
              onChange={(v) => onChange({ ...q, format: v || undefined })}
              allowDeselect={false}
            />
            <NumberInput
              label="Longest answer (characters)"
              min={1}
              value={q.limit ?? ''}
              onChange={(v) => onChange({ ...q, limit: typeof v === 'number' && v > 0 ? v : undefined })}
            />
          </SimpleGrid>
        ) : null}
        {q.type === 'date' ? (
          <Select
            label="Date format"
            data={['MM/dd/yyyy', 'dd/MM/yyyy', 'yyyy-MM-dd']}
            value={q.format ?? 'MM/dd/yyyy'}
            onChange={(v) => onChange({ ...q, format: v ?? 'MM/dd/yyyy' })}
            allowDeselect={false}
          />
        ) : null}
        {q.type === 'hierarchical' ? (
          <Text size="sm" c="dimmed">
            Nested choices keep the levels they were imported with; the preview shows them.
          </Text>
        ) : null}
        {answers ? (
          <Checkbox label="An answer is required" checked={!!q.required} onChange={(e) => onChange({ ...q, required: e.currentTarget.checked })} />
        ) : null}
        {earlierChoices.length ? (
          <SimpleGrid cols={{ base: 1, xs: 2 }}>
            <Select
              label="Ask only when"
              placeholder="Always ask"
              data={earlierChoices.map((x) => ({ value: x.id, label: x.question || x.id }))}
              value={q.condition?.id ?? null}
              onChange={(v) => {
                const t = earlierChoices.find((x) => x.id === v);
                onChange(t ? { ...q, condition: { id: t.id, value: t.options?.[0]?.value ?? '' } } : { ...q, condition: undefined });
              }}
              clearable
            />
            {target ? (
              <Select
                label="is answered"
                data={(target.options ?? []).map((o) => ({ value: o.value, label: o.label }))}
                value={typeof q.condition?.value === 'string' ? q.condition.value : (q.condition?.value?.[0] ?? null)}
                onChange={(v) => v && onChange({ ...q, condition: { id: target.id, value: v } })}
                allowDeselect={false}
              />
            ) : null}
          </SimpleGrid>
        ) : null}
      </Stack>
    </Paper>
  );
}

/**
 * The screener-question builder (issue 15: forms, not JSON): question cards with Indeed's types,
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
              onPick={(picked) => onChange(picked.reduce((all, q) => [...all, screenerFromBank(q, all)], value))}
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
