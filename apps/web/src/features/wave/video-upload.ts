import type { GetUploadUrlReply, VideoDetails } from '@hh/contract/video';
import { api } from '../../lib/api.ts';

/**
 * Uploads one video: asks for a one-time URL, POSTs the file as multipart with XMLHttpRequest so
 * the real upload progress is reported (fetch has no upload progress), and resolves the videoId.
 */
export async function uploadVideo(opts: {
  file: Blob;
  fileName: string;
  clientId?: string | null;
  onProgress: (fraction: number) => void;
  signal?: AbortSignal;
}): Promise<string> {
  const { videoId, uploadUrl, maxBytes } = await api<GetUploadUrlReply>('/api/video/get-upload-url', {
    method: 'POST',
    body: { fileName: opts.fileName, ...(opts.clientId ? { clientId: opts.clientId } : {}) },
  });
  if (opts.file.size > maxBytes) throw new Error(`The video is larger than ${Math.round(maxBytes / 1024 / 1024)} MB`);
  const form = new FormData();
  form.set('file', opts.file, opts.fileName);
  await new Promise<void>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', uploadUrl);
    xhr.responseType = 'json';
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) opts.onProgress(e.loaded / e.total);
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        opts.onProgress(1);
        resolve();
      } else {
        const msg = (xhr.response as { errorMsg?: Record<string, string[]> } | null)?.errorMsg;
        reject(new Error(msg ? Object.values(msg).flat()[0] : `Upload failed (${xhr.status})`));
      }
    };
    xhr.onerror = () => reject(new Error('The upload was interrupted. Please try again'));
    xhr.onabort = () => reject(new Error('The upload was cancelled'));
    opts.signal?.addEventListener('abort', () => xhr.abort());
    xhr.send(form);
  });
  return videoId;
}

/** Polls get-details until the video is ready or failed (processing runs in the background). */
export async function waitForVideo(videoId: string, onState: (d: VideoDetails) => void, signal?: AbortSignal): Promise<VideoDetails> {
  for (;;) {
    const { result } = await api<{ result: VideoDetails }>('/api/video/get-details', { query: { videoId }, silent: true, noReload: true, signal });
    onState(result);
    if (result.state === 'ready' || result.state === 'failed') return result;
    await new Promise((r) => setTimeout(r, 1000));
    if (signal?.aborted) throw new Error('cancelled');
  }
}
