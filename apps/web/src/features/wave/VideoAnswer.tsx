import { videoRoutes } from '@hh/contract/video';
import { Badge, Button, FileButton, Group, Stack, Text } from '@mantine/core';
import { IconPlayerRecord, IconPlayerStop, IconRefresh, IconUpload } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { UploadFailed, UploadProgress } from '../../components/Upload.tsx';
import { useApiQuery } from '../../lib/query.ts';
import { UploadError } from '../../lib/upload.ts';
import { uploadVideo, waitForVideo } from './video-upload.ts';

const COUNTDOWN = 3;
const MAX_SECONDS = 120;

type Phase = 'idle' | 'countdown' | 'recording' | 'recorded' | 'uploading' | 'processing' | 'ready' | 'failed';

function pickMime(): string {
  for (const t of ['video/webm;codecs=vp9,opus', 'video/webm;codecs=vp8,opus', 'video/webm', 'video/mp4']) if (MediaRecorder.isTypeSupported?.(t)) return t;
  return '';
}

/** Plays a stored video (signed links from get-details). */
export function VideoPlayer({ videoId, label }: { videoId: string; label: string }) {
  const q = useApiQuery(videoRoutes.getDetails, { query: { videoId } }, { silent: true });
  const d = q.data?.result;
  if (!d) return null;
  if (d.state !== 'ready')
    return (
      <Badge color={d.state === 'failed' ? 'red' : 'yellow'} variant="light">
        Video {d.state}
      </Badge>
    );
  return (
    // biome-ignore lint/a11y/useMediaCaption: employee recordings have no caption track
    <video
      src={d.playbackUrl ?? undefined}
      poster={d.thumbnailUrl ?? undefined}
      controls
      preload="metadata"
      aria-label={label}
      style={{ width: '100%', maxWidth: 420, borderRadius: 8, background: '#000' }}
    />
  );
}

/**
 * One questionnaire answer: record with the camera (countdown, stop, retake, preview) or pick a
 * file, then upload with a real progress bar and follow the processing state until ready.
 */
export function VideoAnswer({
  label,
  videoId,
  clientId,
  onChange,
}: {
  label: string;
  videoId: string | null;
  clientId?: string | null;
  onChange: (id: string | null) => void;
}) {
  const [phase, setPhase] = useState<Phase>(videoId ? 'ready' : 'idle');
  const [count, setCount] = useState(COUNTDOWN);
  const [progress, setProgress] = useState(0);
  const [elapsed, setElapsed] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const [blob, setBlob] = useState<Blob | null>(null);
  const [previewUrl, setPreviewUrl] = useState<string | null>(null);
  const live = useRef<HTMLVideoElement>(null);
  const stream = useRef<MediaStream | null>(null);
  const recorder = useRef<MediaRecorder | null>(null);
  const abort = useRef<AbortController | null>(null);
  const lastFile = useRef<{ file: Blob; name: string } | null>(null);
  // The phase to go back to when an upload fails or is cancelled: the earlier answer stays.
  const rest = (): Phase => (videoId ? 'ready' : blob ? 'recorded' : 'idle');

  const stopStream = () => {
    for (const t of stream.current?.getTracks() ?? []) t.stop();
    stream.current = null;
  };
  // Leaving the screen releases the camera and cancels an upload in flight.
  useEffect(
    () => () => {
      for (const t of stream.current?.getTracks() ?? []) t.stop();
      abort.current?.abort();
    },
    [],
  );
  useEffect(() => () => void (previewUrl && URL.revokeObjectURL(previewUrl)), [previewUrl]);

  async function start() {
    setError(null);
    try {
      stream.current = await navigator.mediaDevices.getUserMedia({ video: { width: 640, height: 480 }, audio: true });
    } catch (err) {
      console.warn('camera unavailable', err);
      setError('The camera or microphone is not available. You can upload a video file instead.');
      return;
    }
    if (live.current) {
      live.current.srcObject = stream.current;
      void live.current.play().catch((e) => console.warn('live preview', e));
    }
    setPhase('countdown');
    for (let i = COUNTDOWN; i > 0; i--) {
      setCount(i);
      await new Promise((r) => setTimeout(r, 1000));
    }
    const mime = pickMime();
    const rec = new MediaRecorder(stream.current, mime ? { mimeType: mime } : undefined);
    const chunks: Blob[] = [];
    rec.ondataavailable = (e) => e.data.size && chunks.push(e.data);
    rec.onstop = () => {
      const b = new Blob(chunks, { type: rec.mimeType || 'video/webm' });
      setBlob(b);
      setPreviewUrl(URL.createObjectURL(b));
      setPhase('recorded');
      stopStream();
    };
    recorder.current = rec;
    rec.start(1000);
    setElapsed(0);
    const started = Date.now();
    const tick = setInterval(() => (rec.state === 'recording' ? setElapsed(Math.floor((Date.now() - started) / 1000)) : clearInterval(tick)), 250);
    setPhase('recording');
    setTimeout(() => rec.state === 'recording' && rec.stop(), MAX_SECONDS * 1000);
  }

  async function send(file: Blob, name: string) {
    lastFile.current = { file, name };
    setError(null);
    setProgress(0);
    setPhase('uploading');
    const ctrl = new AbortController();
    abort.current = ctrl;
    try {
      const id = await uploadVideo({ file, fileName: name, clientId, onProgress: setProgress, signal: ctrl.signal });
      setPhase('processing');
      const done = await waitForVideo(id, () => undefined, ctrl.signal);
      if (done.state === 'failed') {
        setPhase(rest());
        setError(done.error ?? 'The video could not be processed');
        return;
      }
      setPhase('ready');
      onChange(id);
    } catch (err) {
      setPhase(rest());
      if (ctrl.signal.aborted || (err instanceof UploadError && err.cancelled)) return;
      setError((err as Error).message);
    }
  }

  return (
    <Stack gap="xs" data-testid="video-answer">
      {videoId && phase !== 'countdown' && phase !== 'recording' && phase !== 'recorded' ? (
        <div data-testid="current-answer">
          <VideoPlayer videoId={videoId} label={label} />
        </div>
      ) : null}
      <video
        ref={live}
        muted
        playsInline
        aria-label="Camera preview"
        style={{
          display: phase === 'countdown' || phase === 'recording' ? 'block' : 'none',
          width: '100%',
          maxWidth: 420,
          borderRadius: 8,
          background: '#000',
        }}
      />
      {phase === 'countdown' ? (
        <Text fw={700} size="xl" aria-live="assertive">
          Recording in {count}…
        </Text>
      ) : null}
      {phase === 'recording' ? (
        <Text fw={600} c="red" aria-live="off" data-testid="recording-time">
          Recording {Math.floor(elapsed / 60)}:{String(elapsed % 60).padStart(2, '0')}
        </Text>
      ) : null}
      {phase === 'recorded' && previewUrl ? (
        // biome-ignore lint/a11y/useMediaCaption: a preview of the user's own recording
        <video src={previewUrl} controls aria-label="Recording preview" style={{ width: '100%', maxWidth: 420, borderRadius: 8, background: '#000' }} />
      ) : null}
      {phase === 'uploading' ? <UploadProgress label={label} progress={progress} onCancel={() => abort.current?.abort()} /> : null}
      {phase === 'processing' ? (
        <Group gap="xs">
          <Text size="sm" aria-live="polite">
            Processing the video…
          </Text>
          <Button size="xs" variant="default" onClick={() => abort.current?.abort()}>
            Stop waiting
          </Button>
        </Group>
      ) : null}
      {phase === 'ready' ? (
        <Badge color="teal" variant="light" w="fit-content">
          Video ready
        </Badge>
      ) : null}
      {error ? (
        <UploadFailed
          message={error}
          onRetry={lastFile.current ? () => lastFile.current && send(lastFile.current.file, lastFile.current.name) : undefined}
          onDismiss={() => setError(null)}
        />
      ) : null}
      <Group gap="xs">
        {phase === 'idle' || phase === 'ready' || phase === 'failed' ? (
          <Button size="xs" leftSection={<IconPlayerRecord size={14} />} onClick={start}>
            {phase === 'idle' ? 'Record answer' : 'Record again'}
          </Button>
        ) : null}
        {phase === 'recording' ? (
          <Button size="xs" color="red" leftSection={<IconPlayerStop size={14} />} onClick={() => recorder.current?.stop()}>
            Stop recording
          </Button>
        ) : null}
        {phase === 'recorded' && blob ? (
          <>
            <Button size="xs" onClick={() => send(blob, 'recording.webm')}>
              Use this recording
            </Button>
            <Button size="xs" variant="default" leftSection={<IconRefresh size={14} />} onClick={start}>
              Retake
            </Button>
          </>
        ) : null}
        {phase !== 'uploading' && phase !== 'processing' && phase !== 'recording' && phase !== 'countdown' ? (
          <FileButton onChange={(f) => f && send(f, f.name)} accept="video/webm,video/mp4,video/quicktime">
            {(props) => (
              <Button size="xs" variant="default" leftSection={<IconUpload size={14} />} {...props}>
                Upload a file
              </Button>
            )}
          </FileButton>
        ) : null}
      </Group>
    </Stack>
  );
}
