import { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { describe, expect, it } from 'vitest';
import { NotAVideoError, TooLargeError, VideoGate } from './sniff.ts';

const EBML = Buffer.from([0x1a, 0x45, 0xdf, 0xa3]);

async function through(chunks: Buffer[], cap: number, block = 1024) {
  const out: Buffer[] = [];
  const sink = new Writable({
    write(chunk, _enc, cb) {
      out.push(chunk);
      cb();
    },
  });
  await pipeline(Readable.from(chunks, { objectMode: false }), new VideoGate(cap, block), sink);
  return out;
}

describe('VideoGate', () => {
  it('passes a video through unchanged, in blocks, even when the signature is split across chunks', async () => {
    const body = Buffer.concat([EBML, Buffer.alloc(5000, 7)]);
    const chunks = [body.subarray(0, 2), body.subarray(2, 9), body.subarray(9, 600), body.subarray(600, 3000), body.subarray(3000)];
    const out = await through(chunks, 10_000);
    expect(Buffer.concat(out).equals(body)).toBe(true);
    // 1 KiB blocks: the small chunks are gathered, the last block is what is left at the end
    expect(out.slice(0, -1).every((b) => b.length >= 1024)).toBe(true);
    expect(out.length).toBeLessThan(chunks.length + 1);
  });

  it('refuses what is not a video and what is over the cap', async () => {
    await expect(through([Buffer.from('%PDF-1.7 not a video')], 10_000)).rejects.toBeInstanceOf(NotAVideoError);
    await expect(through([Buffer.from('short')], 10_000)).rejects.toBeInstanceOf(NotAVideoError);
    await expect(through([EBML, Buffer.alloc(6000), Buffer.alloc(6000)], 10_000)).rejects.toBeInstanceOf(TooLargeError);
  });
});
