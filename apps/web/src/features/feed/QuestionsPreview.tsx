import type { HierarchicalOption, ScreenerQuestion } from '@hh/contract/feed';
import { Checkbox, Divider, FileInput, Paper, Select, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useState } from 'react';

type Answers = Record<string, string | string[]>;

/** A condition holds when the earlier select question's answer is (one of) the condition's value(s). */
function conditionHolds(q: ScreenerQuestion, answers: Answers): boolean {
  if (!q.condition) return true;
  const answer = answers[q.condition.id];
  const wanted = [q.condition.value].flat();
  const given = [answer ?? []].flat();
  return given.some((v) => wanted.includes(v));
}

function HierarchicalField({ q, value, onChange }: { q: ScreenerQuestion; value: string[]; onChange: (v: string[]) => void }) {
  const levels: HierarchicalOption[][] = [q.hierarchicalOptions ?? []];
  for (const v of value) {
    const next = levels[levels.length - 1].find((o) => o.value === v)?.options;
    if (next?.length) levels.push(next);
  }
  return (
    <Stack gap={4}>
      {levels.map((opts, i) => (
        <Select
          // biome-ignore lint/suspicious/noArrayIndexKey: levels are positional
          key={i}
          label={i === 0 ? q.question : undefined}
          required={i === 0 && q.required}
          data={opts.map((o) => ({ value: o.value, label: o.label }))}
          value={value[i] ?? null}
          onChange={(v) => onChange([...value.slice(0, i), ...(v ? [v] : [])])}
        />
      ))}
    </Stack>
  );
}

/**
 * How Indeed Apply will show a question set: an interactive form, so conditional questions appear
 * when the earlier answer matches (https://docs.indeed.com/indeed-apply/screener-questions).
 */
export function QuestionsPreview({ questions }: { questions: ScreenerQuestion[] }) {
  const [answers, setAnswers] = useState<Answers>({});
  const set = (id: string, v: string | string[]) => setAnswers((a) => ({ ...a, [id]: v }));
  const shown = questions.filter((q) => conditionHolds(q, answers));
  if (!questions.length) return <Text c="dimmed">No questions yet.</Text>;
  return (
    <Paper withBorder p="md" radius="md" data-testid="questions-preview">
      <Stack gap="sm">
        {shown.map((q) => {
          const label = q.question;
          switch (q.type) {
            case 'text':
              return (
                <TextInput
                  key={q.id}
                  label={label}
                  required={q.required}
                  placeholder={q.format ? `Format: ${q.format}` : undefined}
                  maxLength={q.limit}
                  value={(answers[q.id] as string) ?? ''}
                  onChange={(e) => set(q.id, e.currentTarget.value)}
                />
              );
            case 'textarea':
              return (
                <Textarea
                  key={q.id}
                  label={label}
                  required={q.required}
                  maxLength={q.limit}
                  value={(answers[q.id] as string) ?? ''}
                  onChange={(e) => set(q.id, e.currentTarget.value)}
                />
              );
            case 'select':
              return (
                <Select
                  key={q.id}
                  label={label}
                  required={q.required}
                  data={(q.options ?? []).map((o) => ({ value: o.value, label: o.label }))}
                  value={(answers[q.id] as string) ?? null}
                  onChange={(v) => set(q.id, v ?? '')}
                />
              );
            case 'multiselect':
              return (
                <Checkbox.Group key={q.id} label={label} withAsterisk={q.required} value={(answers[q.id] as string[]) ?? []} onChange={(v) => set(q.id, v)}>
                  <Stack gap={4} mt={4}>
                    {(q.options ?? []).map((o) => (
                      <Checkbox key={o.value} value={o.value} label={o.label} />
                    ))}
                  </Stack>
                </Checkbox.Group>
              );
            case 'date':
              return (
                <TextInput
                  key={q.id}
                  label={label}
                  required={q.required}
                  placeholder={q.format}
                  value={(answers[q.id] as string) ?? ''}
                  onChange={(e) => set(q.id, e.currentTarget.value)}
                />
              );
            case 'information':
              return (
                <Text key={q.id} size="sm">
                  {q.text}
                </Text>
              );
            case 'pagebreak':
              return <Divider key={q.id} label="Next page" labelPosition="center" />;
            case 'hierarchical':
              return <HierarchicalField key={q.id} q={q} value={(answers[q.id] as string[]) ?? []} onChange={(v) => set(q.id, v)} />;
            case 'file':
              return <FileInput key={q.id} label={label} required={q.required} placeholder="Choose a file" />;
            default:
              return (
                <Text key={q.id} c="red" size="sm">
                  Unknown type "{q.type}"
                </Text>
              );
          }
        })}
      </Stack>
    </Paper>
  );
}
