import { Group, Stack, Text } from '@mantine/core';
import { Dropzone, IMAGE_MIME_TYPE } from '@mantine/dropzone';
import { IconPhoto, IconUpload, IconX } from '@tabler/icons-react';

const MAX_BYTES = 5 * 1024 * 1024;

/** One image picker (drop or click) for logos and avatars. */
export function ImageDrop({ onFile, loading, label, onReject }: { onFile: (f: File) => void; loading?: boolean; label: string; onReject?: () => void }) {
  return (
    <Dropzone
      onDrop={(files) => files[0] && onFile(files[0])}
      onReject={() => onReject?.()}
      maxSize={MAX_BYTES}
      accept={IMAGE_MIME_TYPE}
      multiple={false}
      loading={loading}
      aria-label={label}
      data-testid="image-drop"
    >
      <Group justify="center" gap="md" mih={100} style={{ pointerEvents: 'none' }} wrap="nowrap">
        <Dropzone.Accept>
          <IconUpload size={40} stroke={1.5} />
        </Dropzone.Accept>
        <Dropzone.Reject>
          <IconX size={40} stroke={1.5} />
        </Dropzone.Reject>
        <Dropzone.Idle>
          <IconPhoto size={40} stroke={1.5} />
        </Dropzone.Idle>
        <Stack gap={2}>
          <Text fw={500}>{label}</Text>
          <Text size="sm" c="dimmed">
            Drag an image here or click to choose one (PNG, JPEG, WebP, GIF; up to 5 MB)
          </Text>
        </Stack>
      </Group>
    </Dropzone>
  );
}
