import { Alert, Button, FileButton, Group, Progress, Stack, Text } from '@mantine/core';
import { IconRefresh, IconUpload, IconX } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { UploadError } from '../lib/upload.ts';

/** An upload in flight: a named progress bar, the percentage, and Cancel. */
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

export interface FileUploadProps<T> {
  /** What is uploaded, for the button and the progress bar's name ("Resume", "Logo"). */
  label: string;
  accept?: string;
  /** Does the upload; report progress and honour the signal (lib/upload.ts xhrUpload does both). */
  upload: (file: File, ctx: { onProgress: (fraction: number) => void; signal: AbortSignal }) => Promise<T>;
  onUploaded: (result: T, file: File) => void;
  disabled?: boolean;
}

/**
 * The portal's upload control (issue 15 "every long or failing action tells the truth"): pick a
 * file, see real progress, cancel; a refusal ends in the server's message with Try again. What was
 * there before stays until the new file is in (the caller changes its value only in onUploaded).
 */
export function FileUpload<T>({ label, accept, upload, onUploaded, disabled }: FileUploadProps<T>) {
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const last = useRef<File | null>(null);
  const abort = useRef<AbortController | null>(null);

  async function send(file: File) {
    last.current = file;
    setError(null);
    setProgress(0);
    abort.current = new AbortController();
    try {
      const result = await upload(file, { onProgress: setProgress, signal: abort.current.signal });
      setProgress(null);
      onUploaded(result, file);
    } catch (err) {
      setProgress(null);
      if (err instanceof UploadError && err.cancelled) return;
      setError(err instanceof Error ? err.message : 'The upload failed. Please try again');
    }
  }

  return (
    <Stack gap="xs">
      {progress !== null ? (
        <UploadProgress label={label} progress={progress} onCancel={() => abort.current?.abort()} />
      ) : (
        <FileButton onChange={(f) => f && send(f)} accept={accept} disabled={disabled}>
          {(props) => (
            <Button variant="default" leftSection={<IconUpload size={16} />} w="fit-content" {...props}>
              Upload {label.toLowerCase()}
            </Button>
          )}
        </FileButton>
      )}
      {error ? <UploadFailed message={error} onRetry={last.current ? () => send(last.current as File) : undefined} onDismiss={() => setError(null)} /> : null}
    </Stack>
  );
}
