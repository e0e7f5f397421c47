import { Readable, Transform } from 'node:stream';
import { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { assertSafeKey, type Storage } from './storage-key.ts';

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

  close(): void {
    this.client.destroy();
  }
}
