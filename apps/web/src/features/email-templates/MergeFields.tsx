import { mergeFieldLabels } from '@hh/contract/team';
import { Button, Group, Stack, Text } from '@mantine/core';
import { IconBraces } from '@tabler/icons-react';
import { useId } from 'react';

/** The merge field buttons; a click puts the field where the cursor was (the button keeps the focus off itself). */
export function MergeFields({
  fields,
  disabled,
  onInsert,
  labels = mergeFieldLabels,
  hint = 'Goes where the cursor is, in the subject or the body. Each field is filled in for every recipient.',
}: {
  fields: readonly string[];
  disabled: boolean;
  onInsert: (field: string) => void;
  /** How each field is named (the template kinds' labels unless given). */
  labels?: Record<string, string>;
  hint?: string;
}) {
  const labelId = useId();
  return (
    <Stack gap={6}>
      <Group gap={6} align="center">
        <IconBraces size={16} aria-hidden />
        <Text size="sm" fw={500} id={labelId}>
          Insert a merge field
        </Text>
      </Group>
      <Group gap={6} role="group" aria-labelledby={labelId}>
        {fields.map((f) => (
          <Button
            key={f}
            size="compact-sm"
            variant="light"
            onMouseDown={(e) => e.preventDefault()}
            onClick={() => onInsert(f)}
            disabled={disabled}
            data-testid={`merge-${f}`}
          >
            {labels[f] ?? f}
          </Button>
        ))}
      </Group>
      <Text size="xs" c="gray.7">
        {hint}
      </Text>
    </Stack>
  );
}
