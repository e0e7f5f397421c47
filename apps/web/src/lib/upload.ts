import type { ImageUploadReply } from '@hh/contract/clients';
import { api } from './api.ts';

export interface UploadImageOptions {
  file: File;
  imageType: string;
  folder: string;
  clientId?: string | null;
}

/**
 * POST /api/image/upload as form data (core spec §4/§7: fields image, imageType, folder, fileType,
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
  const reply = await api<ImageUploadReply>('/api/image/upload', { method: 'POST', body: form });
  return reply.url;
}
