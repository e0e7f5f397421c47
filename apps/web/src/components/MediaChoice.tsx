import { Button, FileButton, Group, TextInput } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import type { ReactNode } from 'react';

/** Upload (or Replace) and Remove for a media field: the picture picker and the editor's video field. */
export function MediaChoiceButtons(props: {
  accept: string;
  icon: ReactNode;
  uploadLabel: string;
  replaceLabel: string;
  hasValue: boolean;
  busy?: boolean;
  readOnly?: boolean;
  onFile: (file: File | null) => void;
  onRemove: () => void;
}) {
  return (
    <Group gap="xs" wrap="nowrap">
      <FileButton onChange={props.onFile} accept={props.accept} disabled={props.readOnly}>
        {(p) => (
          <Button {...p} size="xs" variant="default" leftSection={props.icon} loading={props.busy}>
            {props.hasValue ? props.replaceLabel : props.uploadLabel}
          </Button>
        )}
      </FileButton>
      {props.hasValue ? (
        <Button size="xs" variant="subtle" color="red" leftSection={<IconTrash size={14} aria-hidden />} onClick={props.onRemove} disabled={props.readOnly}>
          Remove
        </Button>
      ) : null}
    </Group>
  );
}

/** The address of a media field, for a file that lives elsewhere (named "{label}: address"). */
export function MediaAddressInput(props: { label: string; value: string; onChange: (v: string) => void; readOnly?: boolean }) {
  return (
    <TextInput
      size="xs"
      aria-label={`${props.label}: address`}
      placeholder="or paste an address (https://…)"
      value={props.value}
      onChange={(e) => props.onChange(e.currentTarget.value)}
      readOnly={props.readOnly}
    />
  );
}
