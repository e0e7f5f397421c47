import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, open, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { messages } from '@hh/contract/messages';
import type { Config } from '../config.ts';
import { storageFull } from '../lib/app-error.ts';
import { assertSafeKey, isStorageFull, type Storage } from './storage-key.ts';

export { assertSafeKey, type Storage };

declare module 'fastify' {
  interface FastifyInstance {
    storage: Storage;
  }
}

export class LocalStorage implements Storage {
  constructor(private readonly root: string) {}

  localPath(key: string): string {
    assertSafeKey(key);
    return path.join(this.root, key);
  }

  async put(key: string, body: Buffer | Readable): Promise<{ size: number }> {
    const target = this.localPath(key);
    const dir = path.dirname(target);
    // Write to a temporary name, flush it to the disk, then rename: a failed write (a full disk, a
    // broken upload) never leaves a partial file behind, and once put() returns the file survives a
    // crash of the process or the machine (the caller may then acknowledge it, as the apply form does).
    const tmp = `${target}.part-${process.pid}-${randomBytes(6).toString('hex')}`;
    try {
      await mkdir(dir, { recursive: true });
      // flush: the file's data reaches the disk (fsync) before the stream closes and the rename.
      await pipeline(Buffer.isBuffer(body) ? Readable.from([body]) : body, createWriteStream(tmp, { highWaterMark: 1024 * 1024, flush: true }));
      await rename(tmp, target);
      await syncDir(dir);
    } catch (err) {
      await rm(tmp, { force: true });
      if (isStorageFull(err)) throw storageFull(messages.server.storageFull);
      throw err;
    }
    const st = await stat(target);
    return { size: st.size };
  }

  read(key: string, range?: { start: number; end: number }): Readable {
    return createReadStream(this.localPath(key), range);
  }

  async stat(key: string): Promise<{ size: number } | null> {
    try {
      const st = await stat(this.localPath(key));
      return st.isFile() ? { size: st.size } : null;
    } catch {
      return null; // missing file: the caller answers 404
    }
  }

  async remove(key: string): Promise<void> {
    await rm(this.localPath(key), { force: true });
  }
}

/** Flushes a folder's entries (the rename) to the disk; a file system that cannot is left as it is. */
async function syncDir(dir: string): Promise<void> {
  const fh = await open(dir, 'r');
  try {
    await fh.sync();
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EINVAL' && (err as NodeJS.ErrnoException).code !== 'EISDIR') throw err;
  } finally {
    await fh.close();
  }
}

/**
 * The driver the configuration selects (`STORAGE=disk`, the default, or `STORAGE=s3`). The S3 driver
 * and the AWS SDK are loaded only when chosen, so a one-machine start does not pay for them.
 */
export async function createStorage(config: Config): Promise<Storage & { close?: () => void }> {
  if (config.STORAGE === 's3') {
    const { S3Storage } = await import('./s3-storage.ts');
    return new S3Storage({
      bucket: config.S3_BUCKET ?? '',
      endpoint: config.S3_ENDPOINT,
      region: config.S3_REGION,
      accessKeyId: config.S3_ACCESS_KEY_ID,
      secretAccessKey: config.S3_SECRET_ACCESS_KEY,
      forcePathStyle: config.S3_FORCE_PATH_STYLE ?? Boolean(config.S3_ENDPOINT),
    });
  }
  return new LocalStorage(path.join(config.dataDir, 'storage'));
}

export default fp(async function storagePlugin(app: FastifyInstance) {
  const storage = await createStorage(app.config);
  app.decorate('storage', storage);
  app.addHook('onClose', async () => storage.close?.());
});
