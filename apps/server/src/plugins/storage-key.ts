import type { Readable } from 'node:stream';

/**
 * The one storage interface for logos, images, resumes and videos. The default driver is the
 * local disk under DATA_DIR/storage; an S3-compatible driver implements the same interface
 * for multi-machine deployments (docs/scaling.md).
 */
export interface Storage {
  put(key: string, body: Buffer | Readable, contentType?: string): Promise<{ size: number }>;
  read(key: string, range?: { start: number; end: number }): Readable;
  stat(key: string): Promise<{ size: number } | null>;
  remove(key: string): Promise<void>;
  localPath?(key: string): string;
}

const SAFE_KEY = /^[a-zA-Z0-9][a-zA-Z0-9/_.-]{0,400}$/;

export function assertSafeKey(key: string): void {
  if (!SAFE_KEY.test(key) || key.includes('..') || key.includes('//')) throw new Error(`Unsafe storage key: ${key}`);
}

/** ENOSPC (no space left on the device) or EDQUOT (quota exceeded), also when wrapped as a cause. */
export function isStorageFull(err: unknown): boolean {
  for (let e = err as { code?: unknown; cause?: unknown } | undefined, i = 0; e && typeof e === 'object' && i < 5; e = e.cause as typeof e, i++) {
    if (e.code === 'ENOSPC' || e.code === 'EDQUOT') return true;
  }
  return false;
}
