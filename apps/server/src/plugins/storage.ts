import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config.ts';

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

declare module 'fastify' {
  interface FastifyInstance {
    storage: Storage;
  }
}

const SAFE_KEY = /^[a-zA-Z0-9][a-zA-Z0-9/_.-]{0,400}$/;

export function assertSafeKey(key: string): void {
  if (!SAFE_KEY.test(key) || key.includes('..') || key.includes('//')) throw new Error(`Unsafe storage key: ${key}`);
}

export class LocalStorage implements Storage {
  constructor(private readonly root: string) {}

  localPath(key: string): string {
    assertSafeKey(key);
    return path.join(this.root, key);
  }

  async put(key: string, body: Buffer | Readable): Promise<{ size: number }> {
    const target = this.localPath(key);
    await mkdir(path.dirname(target), { recursive: true });
    // Write to a temporary name and rename, so a failed write never leaves a partial file behind.
    const tmp = `${target}.part-${process.pid}-${Date.now()}`;
    try {
      await pipeline(Buffer.isBuffer(body) ? Readable.from([body]) : body, createWriteStream(tmp, { highWaterMark: 1024 * 1024 }));
      await rename(tmp, target);
    } catch (err) {
      await rm(tmp, { force: true });
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

export interface S3Options {
  bucket: string;
  endpoint?: string;
  region: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  forcePathStyle: boolean;
  /** Multipart part size; at most partSize × queueSize bytes of an upload are in memory at once. */
  partSize?: number;
  queueSize?: number;
}

/**
 * Any S3-compatible store (AWS S3, MinIO, Ceph, R2, s3rver in tests), for several app processes on
 * several machines (docs/scaling.md). Streams both ways: a stream is uploaded in multipart parts of
 * 8 MiB (two in flight), and reads are GETs with a Range header, so no whole file is held in memory.
 */
export class S3Storage implements Storage {
  readonly client: S3Client;
  private readonly partSize: number;
  private readonly queueSize: number;

  constructor(private readonly opts: S3Options) {
    this.client = new S3Client({
      region: opts.region,
      endpoint: opts.endpoint,
      forcePathStyle: opts.forcePathStyle,
      credentials: opts.accessKeyId && opts.secretAccessKey ? { accessKeyId: opts.accessKeyId, secretAccessKey: opts.secretAccessKey } : undefined,
      // Checksums only where S3 demands them: many compatible stores do not understand the
      // aws-chunked trailing-checksum encoding the SDK otherwise uses for streamed bodies.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
    this.partSize = opts.partSize ?? 8 * 1024 * 1024;
    this.queueSize = opts.queueSize ?? 2;
  }

  async put(key: string, body: Buffer | Readable, contentType?: string): Promise<{ size: number }> {
    assertSafeKey(key);
    const Bucket = this.opts.bucket;
    const ContentType = contentType ?? 'application/octet-stream';
    if (Buffer.isBuffer(body)) {
      await this.client.send(new PutObjectCommand({ Bucket, Key: key, Body: body, ContentType, ContentLength: body.length }));
      return { size: body.length };
    }
    let size = 0;
    const counter = new Transform({
      transform(chunk: Buffer, _enc, cb) {
        size += chunk.length;
        cb(null, chunk);
      },
    });
    // A failing source (an upload gate refusing the file) must fail the upload, not end it early.
    body.on('error', (err) => counter.destroy(err));
    const upload = new Upload({
      client: this.client,
      params: { Bucket, Key: key, Body: body.pipe(counter), ContentType },
      partSize: this.partSize,
      queueSize: this.queueSize,
      leavePartsOnError: false, // a failed multipart upload is aborted, so no parts are left behind
    });
    await Promise.all([
      upload.done(),
      new Promise<void>((resolve, reject) => {
        counter.once('error', reject);
        counter.once('end', resolve);
      }),
    ]);
    return { size };
  }

  read(key: string, range?: { start: number; end: number }): Readable {
    assertSafeKey(key);
    const { client } = this;
    const Bucket = this.opts.bucket;
    // Readable.from pulls the GET body chunk by chunk (backpressure); a consumer that stops early
    // (a player seeking away) ends the generator, which destroys the response body.
    return Readable.from(
      (async function* () {
        const res = await client.send(new GetObjectCommand({ Bucket, Key: key, Range: range ? `bytes=${range.start}-${range.end}` : undefined }));
        for await (const chunk of res.Body as Readable) yield chunk as Buffer;
      })(),
      { objectMode: false },
    );
  }

  async stat(key: string): Promise<{ size: number } | null> {
    assertSafeKey(key);
    try {
      const r = await this.client.send(new HeadObjectCommand({ Bucket: this.opts.bucket, Key: key }));
      return { size: Number(r.ContentLength ?? 0) };
    } catch (err) {
      const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
      if (e.name === 'NotFound' || e.name === 'NoSuchKey' || e.$metadata?.httpStatusCode === 404) return null; // the caller answers 404
      throw err; // the store is unreachable or refuses us: not the same as a missing file
    }
  }

  async remove(key: string): Promise<void> {
    assertSafeKey(key);
    await this.client.send(new DeleteObjectCommand({ Bucket: this.opts.bucket, Key: key }));
  }
}

/** The driver the configuration selects (`STORAGE=disk`, the default, or `STORAGE=s3`). */
export function createStorage(config: Config): Storage {
  if (config.STORAGE === 's3') {
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
  const storage = createStorage(app.config);
  app.decorate('storage', storage);
  if (storage instanceof S3Storage) app.addHook('onClose', async () => storage.client.destroy());
});
