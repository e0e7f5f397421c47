import { messages } from '@hh/contract/messages';
import { pageVideoThumbnail } from '@hh/contract/video';
import { Button, Group, Image, Loader, Stack, Text } from '@mantine/core';
import { FieldLabel } from '@puckeditor/core';
import { IconVideoPlus, IconX } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { UploadFailed, UploadProgress } from '../../components/Upload.tsx';
import { MediaAddressInput, MediaChoiceButtons } from '../../components/MediaChoice.tsx';
import { UploadError } from '../../lib/upload.ts';
import { uploadVideo, waitForVideo } from '../wave/index.ts';

/** What the server transcodes (video/sniff.ts): MP4, MOV and WebM. Its size cap comes with the upload URL. */
const ACCEPT = 'video/mp4,video/quicktime,video/webm,.mp4,.mov,.webm';
const isVideoFile = (f: File) => /^video\/(mp4|quicktime|webm)$/.test(f.type) || /\.(mp4|m4v|mov|webm)$/i.test(f.name);

type Phase = 'idle' | 'uploading' | 'processing';

/**
 * A video field of the page editor (decision 0030): upload a video from the computer (POST
 * api/video/get-upload-url with purpose 'page', then the one-time URL, with progress and Cancel),
 * wait while the server processes it, then store its public playback address
 * (`…/videos/{clientId}/{videoId}/playback.mp4`, public once processed: docs/site-builder.md
 * "Page videos"), or paste an address. Shows the video's still; a failed upload or failed
 * processing says why and keeps the earlier video.
 */
export function VideoField(props: {
  id: string;
  label: string;
  value: string | undefined;
  onChange: (v: string) => void;
  clientId: string;
  readOnly?: boolean;
}) {
  const [phase, setPhase] = useState<Phase>('idle');
  const [progress, setProgress] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const abort = useRef<AbortController | null>(null);
  const last = useRef<File | null>(null);
  const value = props.value ?? '';
  const still = value ? pageVideoThumbnail(value) : null;
  // Processing can take a while: the address goes through the field's latest onChange, not the one of the click.
  const onChange = useRef(props.onChange);
  onChange.current = props.onChange;

  // Leaving the field (another block selected, the editor closed) cancels an upload in flight.
  useEffect(() => () => abort.current?.abort(), []);

  const upload = async (file: File | null) => {
    if (!file) return;
    setError(null);
    if (!isVideoFile(file)) {
      last.current = null;
      setError(messages.video.notAVideo);
      return;
    }
    last.current = file;
    const ctrl = new AbortController();
    abort.current = ctrl;
    setProgress(0);
    setPhase('uploading');
    try {
      const videoId = await uploadVideo({ file, fileName: file.name, clientId: props.clientId, purpose: 'page', onProgress: setProgress, signal: ctrl.signal });
      setPhase('processing');
      const done = await waitForVideo(videoId, () => undefined, ctrl.signal);
      if (done.state === 'ready' && done.playbackUrl) onChange.current(done.playbackUrl);
      else setError(done.error ?? 'The video could not be processed. Please upload it again.');
    } catch (err) {
      if (ctrl.signal.aborted || (err instanceof UploadError && err.cancelled)) return;
      setError(err instanceof Error ? err.message : 'The video could not be uploaded. Please try again.');
    } finally {
      if (abort.current === ctrl) abort.current = null;
      setPhase('idle');
    }
  };

  return (
    <FieldLabel label={props.label} el="div" readOnly={props.readOnly}>
      <Stack gap={6} data-testid={`video-field-${props.id}`}>
        {still ? <Image src={still} alt="" h={96} w="100%" fit="cover" radius="sm" data-testid="video-field-preview" /> : null}
        {phase === 'uploading' ? <UploadProgress label={props.label} progress={progress} onCancel={() => abort.current?.abort()} /> : null}
        {phase === 'processing' ? (
          <Group gap="xs" wrap="nowrap" justify="space-between">
            <Group gap={6} wrap="nowrap">
              <Loader size="xs" aria-hidden />
              <Text size="sm" aria-live="polite">
                Processing…
              </Text>
            </Group>
            <Button size="xs" variant="default" leftSection={<IconX size={14} aria-hidden />} onClick={() => abort.current?.abort()}>
              Cancel
            </Button>
          </Group>
        ) : null}
        {phase === 'idle' ? (
          <MediaChoiceButtons
            accept={ACCEPT}
            icon={<IconVideoPlus size={14} aria-hidden />}
            uploadLabel="Upload a video"
            replaceLabel="Replace video"
            hasValue={!!value}
            readOnly={props.readOnly}
            onFile={(f) => void upload(f)}
            onRemove={() => props.onChange('')}
          />
        ) : null}
        {phase === 'idle' && !value ? (
          <Text size="xs" c="dimmed">
            MP4, MOV or WebM. It plays on the page once processed.
          </Text>
        ) : null}
        <MediaAddressInput label={props.label} value={value} onChange={props.onChange} readOnly={props.readOnly || phase !== 'idle'} />
        {error ? (
          <UploadFailed
            message={error}
            onRetry={last.current && phase === 'idle' ? () => void upload(last.current) : undefined}
            onDismiss={() => setError(null)}
          />
        ) : null}
      </Stack>
    </FieldLabel>
  );
}
