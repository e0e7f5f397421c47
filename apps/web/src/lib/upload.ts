import { imageRoutes } from '@hh/contract/images';
import { api } from './api.ts';

interface UploadImageOptions {
  file: File;
  imageType: string;
  folder: string;
  clientId?: string | null;
}

/**
 * POST api/image/upload (`imageRoutes.upload`) as form data (core spec §4/§7: fields image, imageType, folder, fileType,
 * fileName). Resolves the stored image's URL.
 */
export async function uploadImage({ file, imageType, folder, clientId }: UploadImageOptions): Promise<string> {
  const form = new FormData();
  form.set('imageType', imageType);
  form.set('folder', folder);
  form.set('fileType', file.type);
  form.set('fileName', file.name);
  if (clientId) form.set('clientId', clientId);
  form.set('image', file, file.name);
  const reply = await api(imageRoutes.upload, { body: form });
  return reply.url;
}

/**
 * POSTs form data with XMLHttpRequest so the real upload progress is reported (fetch has none),
 * and fails with the server's own message (`errorMsg`) as soon as the server answers, even when it
 * refuses the file before the whole body is sent. `signal` cancels. Resolves the JSON reply.
 */
export function xhrUpload<T = unknown>(opts: { url: string; body: FormData; onProgress?: (fraction: number) => void; signal?: AbortSignal }): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', opts.url);
    xhr.responseType = 'json';
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) opts.onProgress?.(e.loaded / e.total);
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        opts.onProgress?.(1);
        resolve(xhr.response as T);
      } else {
        const msg = (xhr.response as { errorMsg?: Record<string, string[]> } | null)?.errorMsg;
        reject(new UploadError(msg ? Object.values(msg).flat()[0] : `The upload failed (HTTP ${xhr.status}). Please try again`, xhr.status));
      }
    };
    xhr.onerror = () => reject(new UploadError('The upload was interrupted. Check the connection and try again', 0));
    xhr.onabort = () => reject(new UploadError('The upload was cancelled', 0, true));
    if (opts.signal?.aborted) return reject(new UploadError('The upload was cancelled', 0, true));
    opts.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(opts.body);
  });
}

export class UploadError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly cancelled = false,
  ) {
    super(message);
  }
}
