import { questionTypes, type ScreenerQuestion } from '@hh/contract/feed';
import { ActionIcon, Button, Checkbox, Group, NumberInput, Paper, Select, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconPlus, IconTrash } from '@tabler/icons-react';
import { retype, slug, typeLabels } from './question-model.ts';

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

export function QuestionCard({
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
