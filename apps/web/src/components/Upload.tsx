import { Alert, Button, Group, Progress, Stack, Text } from '@mantine/core';
import { IconRefresh, IconX } from '@tabler/icons-react';

/**
 * The portal's upload pieces, so every long or failing upload tells the truth: an upload in flight
 * shows a named progress bar, the percentage, and Cancel.
 */
export function UploadProgress({ label, progress, onCancel }: { label: string; progress: number; onCancel?: () => void }) {
  const pct = Math.round(progress * 100);
  return (
    <Stack gap={4} data-testid="upload-progress">
      <Progress value={pct} aria-label={`${label}: upload progress`} size="lg" striped animated />
      <Group justify="space-between" gap="xs">
        <Text size="sm" aria-live="polite">
          Uploading… {pct}%
        </Text>
        {onCancel ? (
          <Button size="xs" variant="default" leftSection={<IconX size={14} />} onClick={onCancel}>
            Cancel upload
          </Button>
        ) : null}
      </Group>
    </Stack>
  );
}

/** A failed upload: the server's message, Try again (same file) and Dismiss. */
export function UploadFailed({ message, onRetry, onDismiss }: { message: string; onRetry?: () => void; onDismiss?: () => void }) {
  return (
    <Alert color="red" role="alert" title="The upload did not go through" data-testid="upload-error">
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{message}</Text>
        <Group gap="xs">
          {onRetry ? (
            <Button size="xs" color="red" variant="light" leftSection={<IconRefresh size={14} />} onClick={onRetry}>
              Try again
            </Button>
          ) : null}
          {onDismiss ? (
            <Button size="xs" variant="subtle" color="gray.8" onClick={onDismiss}>
              Dismiss
            </Button>
          ) : null}
        </Group>
      </Stack>
    </Alert>
  );
}
