import { type VideoDetails, type VideoPurpose, videoRoutes } from '@hh/contract/video';
import { api } from '../../lib/api.ts';
import { xhrUpload } from '../../lib/upload.ts';

/**
 * Uploads one video: asks for a one-time URL, POSTs the file as multipart (lib/upload.ts xhrUpload:
 * real progress, the server's message on refusal, cancel), and resolves the videoId. `purpose`
 * 'page' is the career-site editor's (features/site-builder/VideoField.tsx); Wave answers leave it out.
 */
export async function uploadVideo(opts: {
  file: Blob;
  fileName: string;
  clientId?: string | null;
  purpose?: VideoPurpose;
  onProgress: (fraction: number) => void;
  signal?: AbortSignal;
}): Promise<string> {
  const { videoId, uploadUrl, maxBytes } = await api(videoRoutes.getUploadUrl, {
    body: { fileName: opts.fileName, ...(opts.clientId ? { clientId: opts.clientId } : {}), ...(opts.purpose ? { purpose: opts.purpose } : {}) },
  });
  if (opts.file.size > maxBytes) throw new Error(`The video is larger than ${Math.round(maxBytes / 1024 / 1024)} MB`);
  const form = new FormData();
  form.set('file', opts.file, opts.fileName);
  await xhrUpload({ url: uploadUrl, body: form, onProgress: opts.onProgress, signal: opts.signal });
  return videoId;
}

/** Polls get-details until the video is ready or failed (processing runs in the background). */
export async function waitForVideo(videoId: string, onState: (d: VideoDetails) => void, signal?: AbortSignal): Promise<VideoDetails> {
  for (;;) {
    const { result } = await api(videoRoutes.getDetails, { query: { videoId } }, { silent: true, noReload: true, signal });
    onState(result);
    if (result.state === 'ready' || result.state === 'failed') return result;
    await new Promise((r) => setTimeout(r, 1000));
    if (signal?.aborted) throw new Error('cancelled');
  }
}
