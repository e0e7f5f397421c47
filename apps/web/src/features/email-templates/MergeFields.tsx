import { mergeFieldLabels } from '@hh/contract/team';
import { Button, Group, Stack, Text } from '@mantine/core';
import { IconBraces } from '@tabler/icons-react';

/** The merge field buttons; a click puts the field where the cursor was (the button keeps the focus off itself). */
export function MergeFields({ fields, disabled, onInsert }: { fields: string[]; disabled: boolean; onInsert: (field: string) => void }) {
  return (
    <Stack gap={6}>
      <Group gap={6} align="center">
        <IconBraces size={16} aria-hidden />
        <Text size="sm" fw={500} id="merge-fields-label">
          Insert a merge field
        </Text>
      </Group>
      <Group gap={6} role="group" aria-labelledby="merge-fields-label">
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
            {mergeFieldLabels[f] ?? f}
          </Button>
        ))}
      </Group>
      <Text size="xs" c="gray.7">
        Goes where the cursor is, in the subject or the body. Each field is filled in for every recipient.
      </Text>
    </Stack>
  );
}
